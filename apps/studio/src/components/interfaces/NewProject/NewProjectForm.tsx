import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { useEnginesQuery } from '../../../data/engines/engines-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganizationsQuery } from '../../../data/organizations/organizations-query'
import { useProjectCreateMutation } from '../../../data/projects/project-create-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import { PageSkeleton } from '../../ui/Skeleton'
import {
  CANCEL_LABEL,
  CREATE_PROJECT_LABEL,
  DATABASE_PASSWORD_DESCRIPTION,
  DATABASE_PASSWORD_LABEL,
  DEFAULT_REGION,
  ENGINES_LOAD_FAILED,
  GENERATE_PASSWORD_LABEL,
  HIDE_SECRET_LABEL,
  NEW_PROJECT_DESCRIPTION,
  NEW_PROJECT_PAGE_TITLE,
  ORGANIZATION_LABEL,
  ORGANIZATION_NOT_FOUND,
  POSTGRES_VERSION_DESCRIPTION,
  POSTGRES_VERSION_LABEL,
  PROJECT_NAME_LABEL,
  REGION_LABEL,
  REGIONS,
  SHOW_SECRET_LABEL,
} from './new-project.constants'
import {
  engineOptions,
  generateDatabasePassword,
  type NewProjectFieldErrors,
  pickDefaultEngine,
  toCreateProjectBody,
} from './new-project.utils'

export function NewProjectForm({ slug }: { slug: string | undefined }) {
  const organizationsQuery = useOrganizationsQuery()

  if (organizationsQuery.isPending) return <PageSkeleton />
  if (organizationsQuery.isError) {
    return (
      <ErrorState
        title="Failed to load organizations"
        error={organizationsQuery.error}
        onRetry={() => void organizationsQuery.refetch()}
        retrying={organizationsQuery.isFetching}
      />
    )
  }
  return <NewProjectFormFields slug={slug} organizations={organizationsQuery.data} />
}

function NewProjectFormFields({
  slug,
  organizations,
}: {
  slug: string | undefined
  organizations: { slug: string; name: string }[]
}) {
  const navigate = useNavigate()
  const knownSlug = organizations.some((organization) => organization.slug === slug)
  const [name, setName] = useState('')
  const [organizationSlug, setOrganizationSlug] = useState(knownSlug && slug ? slug : (organizations[0]?.slug ?? ''))
  const [password, setPassword] = useState('')
  const [showPassword, setShowPassword] = useState(false)
  // Empty until the user picks one: the newest installed engine is the default.
  const [chosenMajor, setChosenMajor] = useState('')
  const [region, setRegion] = useState(DEFAULT_REGION)
  const [fieldErrors, setFieldErrors] = useState<NewProjectFieldErrors>({})

  const enginesQuery = useEnginesQuery()
  const versionOptions = engineOptions(enginesQuery.data ?? [])
  const defaultMajor = pickDefaultEngine(enginesQuery.data)?.major
  const postgresMajor = chosenMajor || (defaultMajor === undefined ? '' : String(defaultMajor))

  const createProject = useProjectCreateMutation({
    onSuccess: (project) => navigate(`/project/${project.ref}`),
  })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = toCreateProjectBody({ name, organizationSlug, password, postgresMajor, region })
    if (result.errors) {
      setFieldErrors(result.errors)
      return
    }
    setFieldErrors({})
    createProject.mutate(result.body)
  }

  const clearFieldError = (field: keyof NewProjectFieldErrors) =>
    setFieldErrors(({ [field]: _removed, ...rest }) => rest)

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="mx-auto max-w-2xl space-y-6"
      aria-labelledby="new-project-title"
    >
      <div>
        <h1 id="new-project-title" className="text-xl font-semibold text-neutral-900">
          {NEW_PROJECT_PAGE_TITLE}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{NEW_PROJECT_DESCRIPTION}</p>
      </div>

      {slug && !knownSlug && <Alert tone="warning">{ORGANIZATION_NOT_FOUND(slug)}</Alert>}

      <div className="space-y-5 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
        <Select
          label={ORGANIZATION_LABEL}
          value={organizationSlug}
          onChange={(event) => {
            setOrganizationSlug(event.target.value)
            clearFieldError('organization_slug')
            // Same route element: the typed values stay while the address follows the choice.
            navigate(`/new/${event.target.value}`, { replace: true })
          }}
          options={organizations.map((organization) => ({ value: organization.slug, label: organization.name }))}
          error={fieldErrors.organization_slug}
        />
        <Input
          label={PROJECT_NAME_LABEL}
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            clearFieldError('name')
          }}
          autoComplete="off"
          required
          error={fieldErrors.name}
        />
        <Input
          label={DATABASE_PASSWORD_LABEL}
          type={showPassword ? 'text' : 'password'}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            clearFieldError('db_pass')
          }}
          autoComplete="new-password"
          required
          description={DATABASE_PASSWORD_DESCRIPTION}
          error={fieldErrors.db_pass}
          className="font-mono"
          trailing={
            <>
              <Button aria-pressed={showPassword} onClick={() => setShowPassword((shown) => !shown)}>
                {showPassword ? HIDE_SECRET_LABEL : SHOW_SECRET_LABEL}
              </Button>
              <Button
                onClick={() => {
                  setPassword(generateDatabasePassword())
                  setShowPassword(true)
                  clearFieldError('db_pass')
                }}
              >
                {GENERATE_PASSWORD_LABEL}
              </Button>
            </>
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select
            label={POSTGRES_VERSION_LABEL}
            value={postgresMajor}
            onChange={(event) => setChosenMajor(event.target.value)}
            disabled={enginesQuery.isPending || versionOptions.length === 0}
            options={
              versionOptions.length
                ? versionOptions
                : [{ value: '', label: enginesQuery.isPending ? 'Loading versions…' : 'Server default' }]
            }
            description={enginesQuery.isError ? ENGINES_LOAD_FAILED : POSTGRES_VERSION_DESCRIPTION}
          />
          <Select
            label={REGION_LABEL}
            value={region}
            onChange={(event) => {
              setRegion(event.target.value)
              clearFieldError('region')
            }}
            options={REGIONS.map((value) => ({ value, label: value }))}
            error={fieldErrors.region}
          />
        </div>
      </div>

      {createProject.error && (
        <Alert tone="error" title="The project was not created" data-testid="create-project-error">
          {getErrorMessage(createProject.error)}
        </Alert>
      )}

      <div className="flex justify-end gap-2">
        <Button onClick={() => navigate('/projects')} disabled={createProject.isPending}>
          {CANCEL_LABEL}
        </Button>
        <Button type="submit" variant="primary" loading={createProject.isPending}>
          {CREATE_PROJECT_LABEL}
        </Button>
      </div>
    </form>
  )
}

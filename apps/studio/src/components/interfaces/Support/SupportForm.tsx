import type { Organization, Project, SupportRequest } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganizationsQuery } from '../../../data/organizations/organizations-query'
import { useProjectsQuery } from '../../../data/projects/projects-query'
import { useSupportRequestMutation } from '../../../data/support/support-request-mutation'
import { Alert } from '../../ui/Alert'
import { Button, buttonClassName } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import { PageSkeleton } from '../../ui/Skeleton'
import { Textarea } from '../../ui/Textarea'
import {
  BACK_TO_PROJECTS_LABEL,
  CATEGORY_LABEL,
  CATEGORY_OPTIONS,
  MESSAGE_LABEL,
  NO_ORGANIZATION_MESSAGE,
  ORGANIZATION_LABEL,
  PROJECT_REF_DESCRIPTION,
  PROJECT_REF_LABEL,
  SEND_ANOTHER_LABEL,
  SEND_FAILED_TITLE,
  SEND_LABEL,
  SENT_DESCRIPTION,
  SENT_TITLE,
  SUBJECT_LABEL,
  SUPPORT_PAGE_DESCRIPTION,
  SUPPORT_PAGE_TITLE,
} from './support.constants'
import {
  getSupportPrefill,
  type SupportFieldErrors,
  type SupportFormValues,
  toSupportRequestBody,
} from './support.utils'

export function SupportForm() {
  const organizationsQuery = useOrganizationsQuery()
  const projectsQuery = useProjectsQuery()

  if (organizationsQuery.isPending || projectsQuery.isPending) return <PageSkeleton />
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
  if (organizationsQuery.data.length === 0) return <Alert tone="warning">{NO_ORGANIZATION_MESSAGE}</Alert>
  // The project list only helps to pick the organization; the form works without it.
  return <SupportFormFields organizations={organizationsQuery.data} projects={projectsQuery.data ?? []} />
}

function SupportFormFields({ organizations, projects }: { organizations: Organization[]; projects: Project[] }) {
  const [searchParams] = useSearchParams()
  const [values, setValues] = useState<SupportFormValues>(() =>
    getSupportPrefill(searchParams, organizations, projects),
  )
  const [fieldErrors, setFieldErrors] = useState<SupportFieldErrors>({})
  const [sent, setSent] = useState<SupportRequest>()
  const send = useSupportRequestMutation({ onSuccess: setSent })

  const change = (field: keyof SupportFormValues, errorField: keyof SupportFieldErrors) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors(({ [errorField]: _removed, ...rest }) => rest)
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = toSupportRequestBody(values)
    if (result.errors) {
      setFieldErrors(result.errors)
      return
    }
    setFieldErrors({})
    send.mutate(result.body)
  }

  if (sent) {
    return (
      <div className="mx-auto max-w-2xl space-y-4" data-testid="support-request-sent">
        <Alert tone="success" title={SENT_TITLE}>
          {SENT_DESCRIPTION(sent.id)}
        </Alert>
        <div className="flex gap-2">
          <Button
            onClick={() => {
              setSent(undefined)
              send.reset()
              setValues((current) => ({ ...current, subject: '', message: '' }))
            }}
          >
            {SEND_ANOTHER_LABEL}
          </Button>
          <Link to="/projects" className={buttonClassName()}>
            {BACK_TO_PROJECTS_LABEL}
          </Link>
        </div>
      </div>
    )
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="support-title"
      className="mx-auto max-w-2xl space-y-6"
      data-testid="support-form"
    >
      <div>
        <h1 id="support-title" className="text-xl font-semibold text-neutral-900">
          {SUPPORT_PAGE_TITLE}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{SUPPORT_PAGE_DESCRIPTION}</p>
      </div>
      <div className="space-y-5 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
        <div className="grid gap-5 sm:grid-cols-2">
          <Select
            label={ORGANIZATION_LABEL}
            value={values.organizationSlug}
            onChange={(event) => change('organizationSlug', 'organization_slug')(event.target.value)}
            options={organizations.map((organization) => ({ value: organization.slug, label: organization.name }))}
            error={fieldErrors.organization_slug}
          />
          <Input
            label={PROJECT_REF_LABEL}
            value={values.projectRef}
            onChange={(event) => change('projectRef', 'project_ref')(event.target.value)}
            description={PROJECT_REF_DESCRIPTION}
            error={fieldErrors.project_ref}
            className="font-mono"
            spellCheck={false}
          />
        </div>
        <Select
          label={CATEGORY_LABEL}
          value={values.category}
          onChange={(event) => change('category', 'category')(event.target.value)}
          options={CATEGORY_OPTIONS}
          error={fieldErrors.category}
        />
        <Input
          label={SUBJECT_LABEL}
          value={values.subject}
          onChange={(event) => change('subject', 'subject')(event.target.value)}
          error={fieldErrors.subject}
        />
        <Textarea
          label={MESSAGE_LABEL}
          value={values.message}
          onChange={(event) => change('message', 'message')(event.target.value)}
          error={fieldErrors.message}
          rows={8}
        />
      </div>
      {send.error && (
        <Alert tone="error" title={SEND_FAILED_TITLE}>
          {getErrorMessage(send.error)}
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={send.isPending}>
          {SEND_LABEL}
        </Button>
      </div>
    </form>
  )
}

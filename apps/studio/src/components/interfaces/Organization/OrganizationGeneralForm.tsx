import { type Organization, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { type FormEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganizationUpdateMutation } from '../../../data/organizations/organization-update-mutation'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Input } from '../../ui/Input'
import {
  AI_OPT_IN_DESCRIPTION,
  AI_OPT_IN_LABEL,
  GENERAL_SECTION_TITLE,
  NO_UPDATE_PERMISSION_MESSAGE,
  ORGANIZATION_NAME_LABEL,
  ORGANIZATION_SLUG_DESCRIPTION,
  ORGANIZATION_SLUG_LABEL,
  SAVE_ORGANIZATION_LABEL,
  UPDATE_FAILED_TITLE,
} from './organization.constants'
import {
  getUpdateSuccessMessage,
  isOptedIn,
  type OrganizationFieldErrors,
  toUpdateOrganizationBody,
} from './organization.utils'

/** Name, slug and AI opt-in. Mount with `key={organization.slug}` so a new slug starts a fresh form. */
export function OrganizationGeneralForm({ organization }: { organization: Organization }) {
  const navigate = useNavigate()
  const { can: canUpdate, isLoading: permissionsLoading } = useCan(
    PermissionAction.UPDATE,
    PermissionResource.ORGANIZATIONS,
    { orgSlug: organization.slug },
  )
  const [name, setName] = useState(organization.name)
  const [slug, setSlug] = useState(organization.slug)
  const [optIn, setOptIn] = useState(isOptedIn(organization.opt_in_tags))
  const [fieldErrors, setFieldErrors] = useState<OrganizationFieldErrors>({})
  // The tags before this save: the organization prop may already show the saved ones when the answer lands.
  const tagsBeforeSave = useRef(organization.opt_in_tags)

  const update = useOrganizationUpdateMutation({
    onSuccess: (updated) => {
      toast.success(getUpdateSuccessMessage(tagsBeforeSave.current, updated.opt_in_tags))
      if (updated.slug !== organization.slug) navigate(`/org/${updated.slug}/general`, { replace: true })
    },
  })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = toUpdateOrganizationBody({ name, slug, optIn }, organization.opt_in_tags)
    if (result.errors) {
      setFieldErrors(result.errors)
      return
    }
    setFieldErrors({})
    tagsBeforeSave.current = organization.opt_in_tags
    update.mutate({ slug: organization.slug, body: result.body })
  }

  const disabled = !canUpdate

  return (
    <section aria-labelledby="organization-general-title" className="space-y-3">
      <h2 id="organization-general-title" className="text-base font-semibold text-neutral-900">
        {GENERAL_SECTION_TITLE}
      </h2>
      {!canUpdate && !permissionsLoading && (
        <Alert tone="warning" data-testid="organization-update-permission-notice">
          {NO_UPDATE_PERMISSION_MESSAGE}
        </Alert>
      )}
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-labelledby="organization-general-title"
        className="rounded-lg border border-neutral-200 bg-white shadow-xs"
        data-testid="organization-general-form"
      >
        <fieldset disabled={disabled} className="space-y-5 p-5">
          <Input
            label={ORGANIZATION_NAME_LABEL}
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setFieldErrors(({ name: _name, ...rest }) => rest)
            }}
            error={fieldErrors.name}
          />
          <Input
            label={ORGANIZATION_SLUG_LABEL}
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value)
              setFieldErrors(({ slug: _slug, ...rest }) => rest)
            }}
            description={ORGANIZATION_SLUG_DESCRIPTION}
            error={fieldErrors.slug}
            className="font-mono"
            spellCheck={false}
          />
          <Checkbox
            label={AI_OPT_IN_LABEL}
            description={AI_OPT_IN_DESCRIPTION}
            checked={optIn}
            onChange={(event) => setOptIn(event.target.checked)}
          />
        </fieldset>
        {update.error && (
          <div className="px-5 pb-4">
            <Alert tone="error" title={UPDATE_FAILED_TITLE}>
              {getErrorMessage(update.error)}
            </Alert>
          </div>
        )}
        <div className="flex justify-end border-t border-neutral-200 px-5 py-3">
          <Button type="submit" variant="primary" disabled={disabled} loading={update.isPending}>
            {SAVE_ORGANIZATION_LABEL}
          </Button>
        </div>
      </form>
    </section>
  )
}

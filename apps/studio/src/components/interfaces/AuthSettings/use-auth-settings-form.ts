import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { type AuthConfig, useAuthConfigQuery } from '../../../data/auth-config/auth-config-query'
import { useAuthConfigUpdateMutation } from '../../../data/auth-config/auth-config-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { SAVED_MESSAGE } from './auth-settings.constants'
import { changedFields, invalidNumberMessage } from './auth-settings.utils'

export type AuthField = keyof AuthConfig

/**
 * One settings page's form over the project's auth settings: edits are kept as a draft over what is stored, a save
 * sends only the changed fields, and the server's refusal is shown as it said it. Members without update on auth
 * see the same form, read-only.
 */
export function useAuthSettingsForm(projectRef: string, numberLabels: Readonly<Record<string, string>> = {}) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const permission = useCan(PermissionAction.UPDATE, PermissionResource.AUTH, {
    orgSlug: project.data?.organization_slug,
  })
  const config = useAuthConfigQuery({ ref: projectRef })
  const [draft, setDraft] = useState<Record<string, unknown>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const update = useAuthConfigUpdateMutation({
    onSuccess: () => {
      setDraft({})
      toast.success(SAVED_MESSAGE)
    },
  })
  const stored = config.data as Record<string, unknown> | undefined
  const changes = stored ? changedFields(draft, stored) : {}

  return {
    config,
    canUpdate: permission.can,
    /** the permission is known and missing: the form is read-only, and says why */
    readOnly: !permission.isLoading && project.data !== undefined && !permission.can,
    dirty: Object.keys(changes).length > 0,
    saving: update.isPending,
    error: problem ?? (update.isError ? getErrorMessage(update.error) : null),
    /** the draft's value, else the stored one */
    value(field: AuthField): unknown {
      return field in draft ? draft[field] : stored?.[field]
    },
    set(field: AuthField, value: unknown) {
      setDraft((current) => ({ ...current, [field]: value }))
      setProblem(null)
      update.reset()
    },
    save() {
      const invalid = invalidNumberMessage(changes, numberLabels)
      if (invalid) {
        setProblem(invalid)
        return
      }
      setProblem(null)
      update.mutate({ ref: projectRef, changes: changes as Partial<AuthConfig> })
    },
    discard() {
      setDraft({})
      setProblem(null)
      update.reset()
    },
  }
}

export type AuthSettingsForm = ReturnType<typeof useAuthSettingsForm>

import type { Organization } from '@pgfleet/contracts'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganizationUpdateMutation } from '../../../data/organizations/organization-update-mutation'
import { Alert } from '../../ui/Alert'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { NO_UPDATE_PERMISSION_MESSAGE, OPT_IN_SUCCESS_MESSAGE } from '../Organization/organization.constants'
import { withOptIn } from '../Organization/organization.utils'
import { ASSISTANT_TEXTS, OPT_IN_CONFIRM_LABEL, OPT_IN_DESCRIPTION } from './assistant.constants'

/** Turns on the organization's opt-in to sending schema metadata; only for members who may update it. */
export function OptInDialog({
  open,
  onOpenChange,
  organization,
  canUpdate,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  organization: Organization | undefined
  canUpdate: boolean
}) {
  const update = useOrganizationUpdateMutation({
    onSuccess: () => {
      toast.success(OPT_IN_SUCCESS_MESSAGE)
      onOpenChange(false)
    },
    onError: (error) => toast.error(getErrorMessage(error)),
  })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ASSISTANT_TEXTS.optInTitle}
      description={OPT_IN_DESCRIPTION}
      confirmLabel={OPT_IN_CONFIRM_LABEL}
      loading={update.isPending}
      onConfirm={() => {
        if (!organization || !canUpdate) {
          toast.error(NO_UPDATE_PERMISSION_MESSAGE)
          return
        }
        update.mutate({
          slug: organization.slug,
          body: { slug: organization.slug, opt_in_tags: withOptIn(organization.opt_in_tags, true) },
        })
      }}
      data-testid="assistant-opt-in-dialog"
    >
      {!canUpdate && <Alert tone="warning">{NO_UPDATE_PERMISSION_MESSAGE}</Alert>}
    </ConfirmDialog>
  )
}

import { PermissionAction, PermissionResource, type Project } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useFreeLimitMembersQuery } from '../../../data/organizations/free-limit-members-query'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { cn } from '../../../lib/cn'
import { useCan } from '../../../lib/use-can'
import { Button, type ButtonSize } from '../../ui/Button'
import { Tooltip } from '../../ui/Tooltip'
import { FreeLimitMembersDialog } from './FreeLimitMembersDialog'
import {
  RESTORE_PERMISSION_DENIED_MESSAGE,
  RESTORE_PERMISSION_TOOLTIP,
  RESTORE_PROJECT_LABEL,
} from './paused-state.constants'
import { getRestoreAction, isFreePlan } from './paused-state.utils'
import { RestoreProjectDialog } from './RestoreProjectDialog'

/**
 * Restore project: without the permission it only explains why not (tooltip, toast); in a free organization
 * whose owners or administrators are at their free project limit it lists them; otherwise the restore dialog.
 */
export function RestoreProjectButton({ project, size }: { project: Project; size?: ButtonSize }) {
  const slug = project.organization_slug
  const { organization, isPending: organizationPending } = useOrganization(slug)
  const planId = organization?.plan.id
  const { can, isLoading: permissionsLoading } = useCan(
    PermissionAction.INFRA_EXECUTE,
    PermissionResource.PROJECT_RESUME_JOB,
    { orgSlug: slug },
  )
  const checkFreeLimit = can && isFreePlan(planId)
  const freeLimit = useFreeLimitMembersQuery({ slug }, { enabled: checkFreeLimit, staleTime: 0 })
  const [open, setOpen] = useState<'restore' | 'member-limit' | null>(null)
  const denied = !permissionsLoading && !can

  const handleClick = () => {
    const action = getRestoreAction({ canRestore: can, planId, freeLimitMembers: freeLimit.data })
    if (action === 'no-permission') {
      toast.error(RESTORE_PERMISSION_DENIED_MESSAGE)
      return
    }
    setOpen(action === 'member-limit' ? 'member-limit' : 'restore')
  }

  return (
    <>
      <Tooltip content={denied ? RESTORE_PERMISSION_TOOLTIP : undefined}>
        <Button
          variant="primary"
          size={size}
          onClick={handleClick}
          // still clickable without permission: the click explains why nothing happens
          aria-disabled={denied || undefined}
          loading={permissionsLoading || organizationPending || (checkFreeLimit && freeLimit.isPending)}
          className={cn(denied && 'cursor-not-allowed opacity-50 hover:bg-emerald-600')}
          data-testid="restore-project-button"
        >
          {RESTORE_PROJECT_LABEL}
        </Button>
      </Tooltip>
      <RestoreProjectDialog
        open={open === 'restore'}
        onOpenChange={(next) => setOpen(next ? 'restore' : null)}
        project={project}
      />
      <FreeLimitMembersDialog
        open={open === 'member-limit'}
        onOpenChange={(next) => setOpen(next ? 'member-limit' : null)}
        members={freeLimit.data ?? []}
      />
    </>
  )
}

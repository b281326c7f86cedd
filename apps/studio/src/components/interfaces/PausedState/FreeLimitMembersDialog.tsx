import type { FreeLimitMember } from '@pgfleet/contracts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import {
  FREE_LIMIT_DIALOG_DESCRIPTION,
  FREE_LIMIT_DIALOG_FOOTNOTE,
  FREE_LIMIT_DIALOG_TITLE,
  FREE_LIMIT_MEMBER_LIMIT,
  UNDERSTOOD_LABEL,
} from './paused-state.constants'

/** Why a free organization's project cannot be restored yet: these members are at their free project limit. */
export function FreeLimitMembersDialog({
  open,
  onOpenChange,
  members,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  members: readonly FreeLimitMember[]
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={FREE_LIMIT_DIALOG_TITLE}
      description={FREE_LIMIT_DIALOG_DESCRIPTION}
      data-testid="free-limit-members-dialog"
      footer={
        <Button variant="primary" onClick={() => onOpenChange(false)}>
          {UNDERSTOOD_LABEL}
        </Button>
      }
    >
      <ul className="divide-y divide-neutral-100 rounded-md border border-neutral-200 text-sm">
        {members.map((member) => (
          <li
            key={member.primary_email}
            className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2"
            data-testid="free-limit-member"
          >
            <span className="min-w-0">
              <span className="font-medium text-neutral-900">{member.username}</span>{' '}
              <span className="break-all text-neutral-500">{member.primary_email}</span>
            </span>
            <span className="text-xs text-neutral-500">{FREE_LIMIT_MEMBER_LIMIT(member.free_project_limit)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-neutral-600">{FREE_LIMIT_DIALOG_FOOTNOTE}</p>
    </Dialog>
  )
}

import type { Project } from '@pgfleet/contracts'
import { Button } from '../../ui/Button'
import { Tooltip } from '../../ui/Tooltip'
import { PROJECT_STATUS_LABELS } from '../Projects/projects.constants'
import { OPERATIONS_PERMISSION_TOOLTIP, UNAVAILABLE_IN_STATUS_TOOLTIP } from './project-settings.constants'

/** A project operation's button: disabled, with the reason as its tooltip, when the role or the status rules it out. */
export function OperationButton({
  label,
  allowedInStatus,
  project,
  canOperate,
  onClick,
  testId,
}: {
  label: string
  allowedInStatus: boolean
  project: Project
  canOperate: boolean
  onClick: () => void
  testId: string
}) {
  const reason = !canOperate
    ? OPERATIONS_PERMISSION_TOOLTIP
    : !allowedInStatus
      ? UNAVAILABLE_IN_STATUS_TOOLTIP(PROJECT_STATUS_LABELS[project.status])
      : undefined
  return (
    <Tooltip content={reason} wrapDisabled>
      <Button onClick={onClick} disabled={Boolean(reason)} data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  )
}

import type { ProjectStatus } from '@pgfleet/contracts'
import { Badge } from '../../ui/Badge'
import { PROJECT_STATUS_LABELS, PROJECT_STATUS_TONES } from './projects.constants'

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge tone={PROJECT_STATUS_TONES[status]} data-testid="project-status" data-status={status}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  )
}

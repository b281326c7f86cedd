import type { ProjectStatus } from '@pgfleet/contracts'
import { useProjectDetailQuery } from './project-detail-query'
import { useProjectStatusQuery } from './project-status-query'

/**
 * The project's status as last heard from either the project detail or the status endpoint, whichever answered
 * later. Status screens poll the status endpoint; anything showing the status beside them (the header badge)
 * reads it here, so it moves on with the screen instead of keeping the detail's older word.
 * It never fetches the status itself: it only follows what the page's polling brings in.
 */
export function useLiveProjectStatus(ref: string | undefined): ProjectStatus | undefined {
  const detail = useProjectDetailQuery({ ref })
  const polled = useProjectStatusQuery({ ref }, { enabled: false })
  const polledStatus = polled.data?.status
  if (polledStatus && (!detail.data || polled.dataUpdatedAt > detail.dataUpdatedAt)) return polledStatus
  return detail.data?.status
}

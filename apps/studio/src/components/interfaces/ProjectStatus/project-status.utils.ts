import type { ProjectStatus, ProjectStatusResponse } from '@pgfleet/contracts'

/**
 * Whether a status screen should hand over to the next screen: the poll answered a status other than the one
 * the screen is for (e.g. INACTIVE on the pausing screen, ACTIVE_HEALTHY or UNKNOWN on the restarting screen).
 */
export function hasLeftStatus(screenStatus: ProjectStatus, polledStatus: ProjectStatus | undefined): boolean {
  return polledStatus !== undefined && polledStatus !== screenStatus
}

/** Failed statuses that have their own screen, which shows the recorded error itself. */
const STATUSES_WITH_FAILURE_SCREEN: ReadonlySet<ProjectStatus> = new Set(['PAUSE_FAILED', 'RESTORE_FAILED'])

/**
 * The error to announce when a screen hands over: a failed resize comes back ACTIVE_HEALTHY and a failed restart
 * UNKNOWN, each with the reason in `error`; the platform clears it when an operation starts or succeeds.
 */
export function operationFailureToAnnounce(answer: ProjectStatusResponse | undefined): string | undefined {
  if (!answer?.error || STATUSES_WITH_FAILURE_SCREEN.has(answer.status)) return undefined
  return answer.error
}

/**
 * Which probe the connecting screen uses. Until the data API lands, GET /platform/projects/{ref}/api/rest answers
 * 404 (route missing); then the screen polls the project status instead and counts ACTIVE_HEALTHY as online.
 */
export type ConnectingProbe = 'rest' | 'status'

export function nextConnectingProbe(current: ConnectingProbe, restErrorStatus: number | undefined): ConnectingProbe {
  return current === 'rest' && restErrorStatus === 404 ? 'status' : current
}

export function isOnlineByStatusProbe(status: ProjectStatus | undefined): boolean {
  return status === 'ACTIVE_HEALTHY'
}

/** The support form prefilled for a project whose operation went wrong. */
export function buildSupportLink({ category, ref, subject }: { category: string; ref: string; subject: string }) {
  const params = new URLSearchParams({ category, ref, subject })
  return `/support/new?${params}`
}

import type { ProjectStatus } from '@pgfleet/contracts'

/** The statuses from which the platform accepts a restart or a pause. */
const RESTARTABLE: ReadonlySet<ProjectStatus> = new Set(['ACTIVE_HEALTHY', 'UNKNOWN'])
const PAUSABLE: ReadonlySet<ProjectStatus> = new Set(['ACTIVE_HEALTHY', 'UNKNOWN'])

export function getProjectActionAvailability(status: ProjectStatus): { restart: boolean; pause: boolean } {
  return { restart: RESTARTABLE.has(status), pause: PAUSABLE.has(status) }
}

import type { ProjectStatus } from '@pgfleet/contracts'

/** Operations a user can start on a project; each runs as a durable job. */
export type ProjectOperation =
  | 'create'
  | 'pause'
  | 'restore'
  | 'restart'
  | 'resize'
  | 'delete'
  | 'restore-backup'
  | 'upgrade'

interface Transition {
  from: readonly ProjectStatus[]
  /** the status while the job runs */
  during: ProjectStatus
  /** the status when it succeeds (null = the project is gone) */
  success: ProjectStatus | null
  /** the status when it finally fails */
  failure: ProjectStatus
}

export const TRANSITIONS: Record<ProjectOperation, Transition> = {
  create: { from: [], during: 'COMING_UP', success: 'ACTIVE_HEALTHY', failure: 'UNKNOWN' },
  pause: { from: ['ACTIVE_HEALTHY', 'UNKNOWN'], during: 'PAUSING', success: 'INACTIVE', failure: 'PAUSE_FAILED' },
  restore: {
    from: ['INACTIVE', 'RESTORE_FAILED'],
    during: 'RESTORING',
    success: 'ACTIVE_HEALTHY',
    failure: 'RESTORE_FAILED',
  },
  restart: { from: ['ACTIVE_HEALTHY', 'UNKNOWN'], during: 'RESTARTING', success: 'ACTIVE_HEALTHY', failure: 'UNKNOWN' },
  resize: { from: ['ACTIVE_HEALTHY'], during: 'RESIZING', success: 'ACTIVE_HEALTHY', failure: 'ACTIVE_HEALTHY' },
  // a failed in-place restore puts the previous data back and starts it again
  'restore-backup': {
    from: ['ACTIVE_HEALTHY'],
    during: 'RESTORING',
    success: 'ACTIVE_HEALTHY',
    failure: 'ACTIVE_HEALTHY',
  },
  // a failed upgrade leaves the project serving on its old major
  upgrade: { from: ['ACTIVE_HEALTHY'], during: 'UPGRADING', success: 'ACTIVE_HEALTHY', failure: 'ACTIVE_HEALTHY' },
  delete: {
    from: ['ACTIVE_HEALTHY', 'INACTIVE', 'PAUSE_FAILED', 'RESTORE_FAILED', 'UNKNOWN', 'COMING_UP'],
    during: 'GOING_DOWN',
    success: null,
    failure: 'UNKNOWN',
  },
}

/**
 * Which operation a transitional status belongs to: after a crash, that job is resumed. RESTORING is shared by
 * the restore of a paused project and the in-place restore of a backup, told apart by the backup it names.
 */
export function operationForStatus(status: ProjectStatus, restoringBackup = false): ProjectOperation | null {
  if (status === 'RESTORING' && restoringBackup) return 'restore-backup'
  for (const [operation, transition] of Object.entries(TRANSITIONS) as [ProjectOperation, Transition][]) {
    if (transition.during === status) return operation
  }
  return null
}

const OPERATION_LABELS: Record<ProjectOperation, string> = {
  create: 'created',
  pause: 'paused',
  restore: 'restored',
  restart: 'restarted',
  resize: 'resized',
  delete: 'deleted',
  'restore-backup': 'restored from a backup',
  upgrade: 'upgraded',
}

/** null when allowed; otherwise why not, for a 409. */
export function refusal(operation: ProjectOperation, status: ProjectStatus): string | null {
  const transition = TRANSITIONS[operation]
  if (transition.from.includes(status)) return null
  if (operationForStatus(status)) {
    return `The project cannot be ${OPERATION_LABELS[operation]} while it is ${status.toLowerCase().replace(/_/g, ' ')}; wait for that to finish`
  }
  return `The project cannot be ${OPERATION_LABELS[operation]} while its status is ${status}`
}

/**
 * When a project's next base backup is due and which backups its retention lets go. Pure functions of the
 * clock they are given, so the scheduler's decisions can be tested without waiting a day.
 */
export const BACKUP_INTERVAL_HOURS = [1, 6, 12, 24, 48, 168] as const
export const DEFAULT_BACKUP_INTERVAL_HOURS = 24
/** Retention by plan: free plans keep a day of backups, paid plans a week. */
export const PLAN_RETENTION_DAYS = { free: 1, paid: 7 } as const
export const MAX_RETENTION_DAYS = 90

/** Backups the scheduler and the retention manage; a pause's archive is what a restore starts from, kept apart. */
export const MANAGED_BACKUP_KINDS: readonly string[] = ['scheduled', 'manual']

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface ScheduleState {
  intervalHours: number
  /** the newest backup of any kind: a pause's archive also counts as a fresh copy */
  lastBackupAt: Date | null
  lastAttemptAt: Date | null
  createdAt: Date
}

/** A failed attempt waits this long before the next one, so a broken project does not back up in a loop. */
export const RETRY_AFTER_FAILURE_MS = 15 * 60_000

/** The moment the next backup is due. */
export function nextBackupAt(state: ScheduleState): Date {
  const base = state.lastBackupAt ?? state.createdAt
  const due = base.getTime() + state.intervalHours * HOUR_MS
  const retry = state.lastAttemptAt ? state.lastAttemptAt.getTime() + RETRY_AFTER_FAILURE_MS : 0
  const failedSinceLast = state.lastAttemptAt && (!state.lastBackupAt || state.lastAttemptAt > state.lastBackupAt)
  return new Date(failedSinceLast ? Math.max(due, retry) : due)
}

export function isBackupDue(state: ScheduleState, now: Date): boolean {
  return nextBackupAt(state).getTime() <= now.getTime()
}

export function retentionDays(configured: number | null, planId: string): number {
  return configured ?? (planId === 'free' ? PLAN_RETENTION_DAYS.free : PLAN_RETENTION_DAYS.paid)
}

export interface StoredBackup {
  id: number
  kind: string
  createdAt: Date
}

/**
 * The managed backups older than the retention. The newest managed backup always stays, whatever its age, so a
 * project that was paused for a while still has its last copy.
 */
export function backupsToPrune(backups: readonly StoredBackup[], retention: number, now: Date): StoredBackup[] {
  const managed = backups
    .filter((backup) => MANAGED_BACKUP_KINDS.includes(backup.kind))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const cutoff = now.getTime() - retention * DAY_MS
  return managed.slice(1).filter((backup) => backup.createdAt.getTime() < cutoff)
}

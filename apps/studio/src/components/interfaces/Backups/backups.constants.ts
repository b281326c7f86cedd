export const BACKUPS_PAGE_TITLE = 'Backups'
export const SCHEDULED_BACKUPS_PAGE_TITLE = 'Scheduled backups'
export const BACKUPS_PAGE_DESCRIPTION =
  'Backups of this project’s database that you can download. Each one is a compressed archive of the database’s data directory, which a Postgres server of the same major version can start from.'
export const SCHEDULED_BACKUPS_PAGE_DESCRIPTION =
  'While the project runs, pgfleet takes a base backup of its database on a schedule and keeps each one for the retention below. A backup is also taken each time the project is paused.'
export const BACKUP_COLUMNS = {
  date: 'Date',
  kind: 'Kind',
  size: 'Size',
  postgres: 'Postgres',
  status: 'Status',
} as const
export const DOWNLOAD_LABEL = 'Download'
export const NO_BACKUPS_MESSAGE =
  "This project has no backups yet. One is taken on the project's backup schedule, and each time it is paused."
export const BACKUPS_LOAD_FAILED_TITLE = 'Failed to load the backups'

/** How each kind of backup came to be. */
export const BACKUP_KIND_LABELS: Record<string, string> = {
  pause: 'Taken when paused',
  manual: 'Manual',
  scheduled: 'Scheduled',
  'pre-upgrade': 'Before an upgrade',
  upgrade: 'After an upgrade',
}

export const BACKUP_STATUS_LABELS: Record<string, string> = { COMPLETED: 'Completed' }

export const SCHEDULE_TITLE = 'Schedule'
export const SCHEDULE_INTERVAL_LABEL = 'Take a backup every'
export const SCHEDULE_RETENTION_LABEL = 'Keep backups for'
export const INTERVAL_LABEL = (hours: number) =>
  hours === 24
    ? 'day'
    : hours === 168
      ? 'week'
      : hours % 24 === 0
        ? `${hours / 24} days`
        : hours === 1
          ? 'hour'
          : `${hours} hours`
export const RETENTION_PLAN_DEFAULT = (days: number) => `The plan's retention (${days} ${days === 1 ? 'day' : 'days'})`
export const RETENTION_DAYS_LABEL = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`
export const RETENTION_CHOICES_DAYS = [1, 3, 7, 14, 30, 90] as const
export const SAVE_SCHEDULE_LABEL = 'Save schedule'
export const SCHEDULE_SAVED_MESSAGE = 'Backup schedule saved'
export const SCHEDULE_SAVE_FAILED_MESSAGE = (message: string) => `Failed to save the backup schedule: ${message}`
export const BACKUP_NOW_LABEL = 'Back up now'
export const BACKUP_STARTED_MESSAGE = 'Backup started; it appears in the list when it is done'
export const BACKUP_FAILED_TO_START_MESSAGE = (message: string) => `Failed to start a backup: ${message}`
export const BACKUP_IN_PROGRESS_LABEL = 'A backup is being taken…'
export const NEXT_BACKUP_LABEL = 'Next backup'
export const NO_NEXT_BACKUP = 'Not scheduled while the project is not running'
export const LAST_BACKUP_LABEL = 'Last backup'
export const NO_LAST_BACKUP = 'None yet'
export const BACKUPS_DISK_LABEL = 'Disk used by backups'
export const LAST_BACKUP_FAILED_TITLE = 'The last backup failed'
export const SCHEDULE_LOAD_FAILED_TITLE = 'Failed to load the backup schedule'
export const MANAGE_BACKUPS_DENIED = 'You need additional permissions to manage backups'

export const RESTORE_BACKUP_LABEL = 'Restore'
export const RESTORE_BACKUP_TITLE = (date: string) => `Restore the backup from ${date}?`
export const RESTORE_BACKUP_DESCRIPTION =
  "The project's database is replaced by this backup: every change made since it was taken is lost. The project is offline for the few seconds the swap takes; if the restore fails, the current data stays."
export const RESTORE_BACKUP_CONFIRM = 'Restore this backup'
export const RESTORE_BACKUP_FAILED_MESSAGE = (message: string) => `Failed to restore the backup: ${message}`

export const RESTORE_CHECK_TITLE = 'Restore check'
export const RESTORE_CHECK_DESCRIPTION =
  'Every week the newest backup is restored into a throwaway server, started and read table by table.'
export const RESTORE_CHECK_NEVER = 'Not checked yet'
export const RESTORE_CHECK_RUNNING = 'Checking the newest backup…'
export const RESTORE_CHECK_PASSED = (when: string) => `Passed on ${when}`
export const RESTORE_CHECK_FAILED = (when: string) => `Failed on ${when}`
export const RESTORE_CHECK_NOW_LABEL = 'Check now'
export const RESTORE_CHECK_START_FAILED = (message: string) => `Failed to start a restore check: ${message}`

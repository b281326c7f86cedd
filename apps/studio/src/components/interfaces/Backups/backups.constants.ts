export const BACKUPS_PAGE_TITLE = 'Backups'
export const SCHEDULED_BACKUPS_PAGE_TITLE = 'Scheduled backups'
export const BACKUPS_PAGE_DESCRIPTION =
  'Backups of this project’s database that you can download. Each one is a compressed archive of the database’s data directory, which a Postgres server of the same major version can start from.'
export const SCHEDULED_BACKUPS_PAGE_DESCRIPTION =
  'pgfleet does not take daily backups yet: a backup is taken each time the project is paused. These are the backups you can download.'
export const BACKUP_COLUMNS = { date: 'Date', kind: 'Kind', size: 'Size', postgres: 'Postgres' } as const
export const DOWNLOAD_LABEL = 'Download'
export const NO_BACKUPS_MESSAGE = 'This project has no backups yet. A backup is taken each time the project is paused.'
export const BACKUPS_LOAD_FAILED_TITLE = 'Failed to load the backups'

/** How each kind of backup came to be. */
export const BACKUP_KIND_LABELS: Record<string, string> = {
  pause: 'Taken when paused',
  manual: 'Manual',
  scheduled: 'Scheduled',
  'pre-upgrade': 'Before an upgrade',
}

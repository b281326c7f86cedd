/** Status screens of the main area. */

/** Restarting, resizing, restoring and connecting screens poll every 4 s. */
export const RESTARTING_POLL_INTERVAL_MS = 4000
export const RESIZING_POLL_INTERVAL_MS = 4000
export const RESTORING_POLL_INTERVAL_MS = 4000
export const CONNECTING_POLL_INTERVAL_MS = 4000
/** The pausing screen waits 4 s before its first poll, then polls every 2 s. */
export const PAUSING_POLL_START_DELAY_MS = 4000
export const PAUSING_POLL_INTERVAL_MS = 2000
/** The deleting screen polls until the project is gone. */
export const DELETING_POLL_INTERVAL_MS = 4000

export const RESTARTING_TITLE = 'Restarting...'
export const RESTARTING_DESCRIPTION =
  'Your project is restarting and will be offline for a few minutes. This page updates by itself once it is back.'

export const RESIZING_TITLE = 'Resizing compute'
export const RESIZING_DESCRIPTION =
  'Your project is moving to its new compute size and restarts to apply it, so it is offline for a few minutes. This page updates by itself once it is back.'

export const PAUSING_TITLE = 'Pausing project'
export const PAUSING_DESCRIPTION =
  'The database server is stopping and a backup of its data is being taken. This page updates by itself once the project is paused.'

export const PAUSE_FAILED_TITLE = 'Something went wrong while pausing your project'
export const PAUSE_FAILED_DESCRIPTION =
  'The project could not be paused. Its data has not been removed: contact support so we can look into it, download its latest backup, or delete the project.'
export const PAUSE_FAILED_SUPPORT_SUBJECT = (name: string) => `Pausing project "${name}" failed`

export const RESTORING_TITLE = 'Restoring your project'
export const RESTORING_DESCRIPTION =
  'The database server is starting again on the same data. This can take a few minutes; this page updates by itself.'
export const RESTORE_COMPLETE_TITLE = 'Restoration complete!'
export const RESTORE_COMPLETE_DESCRIPTION = 'Your project is running again with all of its data.'
export const RETURN_TO_PROJECT_LABEL = 'Return to project'

export const RESTORE_FAILED_TITLE = 'Something went wrong while restoring your project'
export const RESTORE_FAILED_DESCRIPTION =
  'The project could not be started again. Its data has not been removed: try restoring it again, download its latest backup, or contact support.'
export const RESTORE_FAILED_SUPPORT_SUBJECT = (name: string) => `Restoring project "${name}" failed`

export const CONNECTING_TITLE = 'Connecting to project'
export const CONNECTING_DESCRIPTION =
  'The database is up, but the project’s API is not answering yet. This page updates by itself as soon as it does.'

export const DELETING_TITLE = 'Deleting project'
export const DELETING_DESCRIPTION =
  'This project is being deleted together with its data and backups. It disappears from your projects in a moment.'

export const STATUS_ERROR_LABEL = 'Reason'
export const ALL_PROJECTS_LABEL = 'All projects'
export const CONTACT_SUPPORT_LABEL = 'Contact support'
export const STATUS_SUPPORT_CATEGORY = 'Database_unresponsive'
export const DOWNLOAD_LATEST_BACKUP_LABEL = 'Download latest backup'
export const DELETE_PROJECT_LABEL = 'Delete project'
export const STATUS_CHECK_FAILED = (message: string, intervalMs: number) =>
  `Could not check the status: ${message}. Trying again every ${intervalMs / 1000} s.`

/** Texts of the project status screens. */
export const BACKUP_DOWNLOAD_FAILED_MESSAGE = (message: string) => `Failed to download backup: ${message}`
export const NO_BACKUPS_TO_DOWNLOAD_MESSAGE = 'No available backups to download'

/** The upgrade screen: the steps it shows, one per progress key after 'started'. */
export const UPGRADE_SHOWN_STEPS = [
  'Prepare new server',
  'Prepare new server for migration',
  'Execute pre-upgrade checks',
  'Shut down API services',
  'Migrate to new database',
  'Execute database migration',
  'Update database extensions',
  'Optimize database',
] as const
export const UPGRADING_TITLE = (major: number | null) =>
  major === null ? 'Upgrading the database' : `Upgrading to Postgres ${major}`
export const UPGRADING_DESCRIPTION =
  'The project is offline while its data moves to the new version. This page follows each step and returns to the project when it is done.'
export const UPGRADE_FULL_BACKUP_STEP = 'Take a full backup of the upgraded database'
export const UPGRADE_TIME_LEFT = (seconds: number) =>
  seconds < 60 ? `About ${Math.max(1, Math.round(seconds))} s left` : `About ${Math.round(seconds / 60)} min left`

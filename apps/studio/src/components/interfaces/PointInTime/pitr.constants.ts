export const PITR_PAGE_TITLE = 'Point-in-time recovery'
export const PITR_PAGE_DESCRIPTION =
  'Restore the database to any second of the recoverable window. Every change made after that instant is lost.'
export const PITR_DISABLED_MESSAGE =
  'Point-in-time recovery is off for this project. Turn the add-on on to archive every change and restore to any second of the last 7, 14 or 28 days.'
export const PITR_ENABLE_LINK_LABEL = 'Open the point-in-time recovery add-on'
export const PITR_WINDOW_OPENING =
  'Point-in-time recovery is on. The first base backup is being taken; the recoverable window opens when it is done.'
export const PITR_NOT_RUNNING = 'The project must be running to restore it to a point in time.'
export const PITR_WINDOW_TITLE = 'Recoverable window'
export const PITR_EARLIEST_LABEL = 'Earliest'
export const PITR_LATEST_LABEL = 'Latest'
export const PITR_LATEST_NOW = 'Now'
export const PITR_TARGET_LABEL = 'Restore to'
export const PITR_TIME_ZONE_NOTE = (zone: string) => `In your time zone (${zone}), to the second.`
export const PITR_OUTSIDE_WINDOW = 'Choose an instant within the recoverable window'
export const PITR_START_LABEL = 'Start restore'
export const PITR_CONFIRM_TITLE = (instant: string) => `Restore the database to ${instant}?`
export const PITR_CONFIRM_DESCRIPTION = (utc: string) =>
  `The database will hold exactly what was committed up to ${utc} (UTC). Every change made after it is lost, and the project is offline while the restore runs.`
export const PITR_CONFIRM_LABEL = 'Restore to this instant'
export const PITR_RESTORE_FAILED = (message: string) => `Failed to restore to a point in time: ${message}`
export const PITR_LOAD_FAILED_TITLE = 'Failed to load point-in-time recovery'
export const PITR_ADDON_PATH = (ref: string) => `/project/${ref}/addons?panel=pitr`

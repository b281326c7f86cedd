import { DEFAULT_RESTORE_WINDOW_DAYS } from '../PausedState/paused-state.constants'

export const GENERAL_SETTINGS_TITLE = 'General settings'
export const PROJECT_DETAILS_TITLE = 'Project details'
export const PROJECT_DETAIL_LABELS = {
  name: 'Project name',
  ref: 'Project ref',
  status: 'Status',
  region: 'Region',
  postgres: 'Postgres version',
  compute: 'Compute size',
} as const

export const AVAILABILITY_TITLE = 'Project availability'
export const RESTART_TITLE = 'Restart project'
export const RESTART_DESCRIPTION = 'Stops and starts the database server. The project is offline for a few minutes.'
export const RESTART_CONFIRM_TITLE = 'Restart this project?'
export const RESTART_CONFIRM_DESCRIPTION =
  'Open connections are closed and the project is offline for a few minutes while the database server restarts.'
export const RESTART_CONFIRM_LABEL = 'Restart project'
export const RESTART_STARTED_TOAST = 'Restarting project'
export const RESTART_FAILED_MESSAGE = (message: string) => `Failed to restart project: ${message}`

export const PAUSE_TITLE = 'Pause project'
export const PAUSE_DESCRIPTION =
  'Stops the database server after taking a backup. The data is kept, but the project is inaccessible until it is restored.'
export const PAUSE_CONFIRM_TITLE = 'Pause this project?'
export const PAUSE_CONFIRM_DESCRIPTION = `Open connections are closed and the project is inaccessible until you restore it. Paused projects can be restored for ${DEFAULT_RESTORE_WINDOW_DAYS} days by default; their backups can be downloaded after that.`
export const PAUSE_CONFIRM_LABEL = 'Pause project'
export const PAUSE_STARTED_TOAST = 'Pausing project'
export const PAUSE_FAILED_MESSAGE = (message: string) => `Failed to pause project: ${message}`

export const DANGER_ZONE_TITLE = 'Danger zone'
export const DELETE_TITLE = 'Delete project'
export const DELETE_DESCRIPTION = 'Permanently removes the project with its database, its data and its backups.'

/** The platform's answer to pause, restart and resize without infra execute on the operation jobs. */
export const OPERATIONS_PERMISSION_TOOLTIP = 'You need additional permissions to change this project'
export const UNAVAILABLE_IN_STATUS_TOOLTIP = (statusLabel: string) =>
  `Not available while the project is ${statusLabel.toLowerCase()}`

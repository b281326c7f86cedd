import { DB_PASSWORD_RESET_DENIED } from '@pgfleet/contracts'

export const DATABASE_SETTINGS_TITLE = 'Database settings'
export const CONNECTION_TITLE = 'Connection string'
export const CONNECTION_DESCRIPTION =
  'A direct connection to your database. Replace [YOUR-PASSWORD] with your database password.'
export const POSTGRES_VERSION_LABEL = 'Postgres version'
export const LOAD_SETTINGS_FAILED = 'Failed to retrieve configuration'
export const PASSWORD_TITLE = 'Database password'
export const PASSWORD_DESCRIPTION =
  'Reset the password of the postgres role. Connection strings that use the old password stop working.'
export const RESET_PASSWORD_LABEL = 'Reset database password'
export const NEW_PASSWORD_LABEL = 'New password'
export const RESET_PASSWORD_CONFIRM = 'Reset password'
export const RESET_PASSWORD_SUCCESS = 'Database password updated'
export const RESET_PASSWORD_FAILED = (message: string) => `Failed to reset database password: ${message}`
export const RESET_PASSWORD_DENIED_TOOLTIP = DB_PASSWORD_RESET_DENIED

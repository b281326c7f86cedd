import {
  DB_PASSWORD_RESET_DENIED,
  MAX_SQL_STATEMENT_TIMEOUT_MS,
  MIN_SQL_STATEMENT_TIMEOUT_MS,
} from '@pgfleet/contracts'

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

export const STATEMENT_TIMEOUT_TITLE = 'Statement timeout'
export const STATEMENT_TIMEOUT_DESCRIPTION =
  'Queries run from the SQL editor and the API are cancelled by Postgres once they run longer than this.'
export const STATEMENT_TIMEOUT_LABEL = 'Statement timeout (ms)'
export const STATEMENT_TIMEOUT_HINT = `Between ${MIN_SQL_STATEMENT_TIMEOUT_MS.toLocaleString('en-US')} and ${MAX_SQL_STATEMENT_TIMEOUT_MS.toLocaleString('en-US')} ms (one hour).`
export const STATEMENT_TIMEOUT_REQUIRED = 'Enter the statement timeout in milliseconds'
export const STATEMENT_TIMEOUT_WHOLE_NUMBER = 'The statement timeout must be a whole number of milliseconds'
export const STATEMENT_TIMEOUT_SAVE_LABEL = 'Save'
export const STATEMENT_TIMEOUT_SAVED = (ms: number) => `Statement timeout set to ${ms.toLocaleString('en-US')} ms`
export const STATEMENT_TIMEOUT_SAVE_FAILED = (message: string) => `Failed to update the statement timeout: ${message}`
export const STATEMENT_TIMEOUT_LOAD_FAILED = 'Failed to load the SQL settings'
export const STATEMENT_TIMEOUT_DENIED_TOOLTIP = "You need additional permissions to change this project's SQL settings"

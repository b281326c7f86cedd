import { PLATFORM_EXTENSIONS_SCHEMA } from '@pgfleet/contracts'

export const EXTENSIONS_TITLE = 'Extensions'
export const EXTENSIONS_DESCRIPTION = `Turn Postgres extensions on and off. Trusted extensions are created as your postgres role, exactly as CREATE EXTENSION would. Others, such as dblink, postgres_fdw and pg_stat_statements, are installed by pgfleet into the ${PLATFORM_EXTENSIONS_SCHEMA} schema. Untrusted languages and extensions that reach the server's files are never offered.`
export const SEARCH_LABEL = 'Search extensions'
export const SEARCH_PLACEHOLDER = 'Search for an extension'
export const LOAD_EXTENSIONS_FAILED = 'Failed to load the extensions'
export const NO_MATCH_MESSAGE = (search: string) => `No extension matches "${search}"`
export const EXTENSIONS_NOT_RUNNING = 'Extensions can be changed while the project is running.'
export const READ_ONLY_NOTE = 'You need additional permissions to enable or disable extensions.'

export const AVAILABILITY_LABELS = {
  trusted: 'Trusted',
  platform: 'Installed by pgfleet',
  unavailable: 'Not available',
} as const
export const AVAILABILITY_DESCRIPTIONS = {
  trusted: 'Created as your postgres role, which owns it.',
  platform: `Installed by pgfleet into ${PLATFORM_EXTENSIONS_SCHEMA}; your postgres role may use it.`,
} as const

export const TOGGLE_LABEL = (name: string) => `Enable ${name}`
export const INSTALLED_IN = (schema: string, version: string) => `${schema} · v${version}`
export const ENABLED_TOAST = (name: string) => `Extension ${name} enabled`
export const DISABLED_TOAST = (name: string) => `Extension ${name} disabled`
export const ENABLE_FAILED = (message: string) => `Failed to enable the extension: ${message}`
export const DISABLE_FAILED = (message: string) => `Failed to disable the extension: ${message}`

export const DISABLE_TITLE = (name: string) => `Disable ${name}?`
export const DISABLE_DESCRIPTION =
  'DROP EXTENSION removes its functions, types and views. Objects of yours that depend on it must be dropped first; nothing is dropped with it.'
export const DISABLE_LABEL = 'Disable'

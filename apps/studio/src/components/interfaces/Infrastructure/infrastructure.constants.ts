export const INFRASTRUCTURE_TITLE = 'Infrastructure'
export const INFRASTRUCTURE_DESCRIPTION = 'The Postgres server behind this project, as the platform runs it.'

export const SERVER_TITLE = 'Server'
export const SERVER_LABELS = {
  status: 'Status',
  postgres: 'Postgres version',
  compute: 'Compute size',
  region: 'Region',
  createdAt: 'Created at',
  address: 'Address',
} as const

export const LIVE_TITLE = 'Live from the server'
export const LIVE_DESCRIPTION = 'Read from the running database just now.'
export const LOAD_LIVE_ERROR_TITLE = 'Failed to read the server'
export const LIVE_LABELS = {
  databaseSize: 'Database size',
  startedAt: 'Server started',
  connections: 'Connections',
  sharedBuffers: 'Shared buffers',
} as const
export const CONNECTIONS_VALUE = (active: number, max: number) => `${active} of ${max}`

export const ENGINES_TITLE = 'Postgres versions on this platform'
export const ENGINES_DESCRIPTION = 'The Postgres majors this platform can run projects on.'
export const LOAD_ENGINES_ERROR_TITLE = 'Failed to load the Postgres versions'
export const ENGINE_HEADERS = ['Major', 'Version', 'Source', 'Release channel'] as const
export const ENGINE_SOURCE_LABELS = { embedded: 'Embedded (npm)', system: 'System install' } as const
export const CURRENT_ENGINE_BADGE = 'This project'
export const NO_ENGINES_MESSAGE = 'The platform reports no Postgres versions.'
export const NEWER_MAJORS_NOTE = (majors: readonly number[]) =>
  `Postgres ${majors.join(', ')} ${majors.length === 1 ? 'is' : 'are'} installed on this platform; new projects can be created on ${majors.length === 1 ? 'it' : 'them'}, and this project stays on its major.`

export const ISOLATION_TITLE = 'Isolation'
export const ISOLATION_DESCRIPTION =
  "Your postgres role owns the database but is not a superuser; the platform keeps the server's superuser to itself."
export const ISOLATION_FULL =
  'This project runs as an operating-system user of its own: its server and functions cannot reach other projects or the platform.'
export const ISOLATION_MISSING_INTRO = 'This platform does not run as root, so some isolation is missing:'
export const LOAD_ISOLATION_ERROR_TITLE = 'Failed to load the isolation details'

export const POOLS_TITLE = "The platform's connections"
export const POOLS_DESCRIPTION = (budget: number, max: number, reserved: number) =>
  `The dashboard, data API, storage and auth share at most ${budget} of the ${max} connections; ${reserved} always stay free for your own clients.`
export const POOL_HEADERS = ['Used by', 'In use', 'Idle', 'Waiting', 'At most'] as const
export const POOL_LABELS = {
  rest: 'Data API',
  sql: 'SQL editor',
  'sql-read': 'SQL editor (read-only members)',
  storage: 'Storage',
  auth: 'Auth server',
  meta: 'Dashboard metadata',
  'meta-helper': 'Dashboard metadata (large lists)',
} as const

export const UPGRADE_TITLE = 'Upgrade Postgres'
export const UPGRADE_DESCRIPTION =
  'Moves the database to a newer major version: a new server is prepared beside the current one, the data is copied and checked table by table, and the project switches over only when everything matches.'
export const UPGRADE_CURRENT_LABEL = 'Current version'
export const UPGRADE_TARGET_LABEL = 'Upgrade to'
export const UPGRADE_DURATION_LABEL = 'Estimated duration'
export const UPGRADE_TARGET_OPTION = (version: string, channel: string) =>
  `Postgres ${version}${channel === 'preview' ? ' (preview)' : ''}`
export const UPGRADE_ESTIMATE = (hours: number) => {
  const seconds = hours * 3600
  return seconds < 120
    ? `Takes about ${Math.max(1, Math.round(seconds))} s`
    : `Takes about ${Math.round(seconds / 60)} min`
}
export const UPGRADE_NO_TARGETS = 'This project runs the newest Postgres version this platform has.'
export const UPGRADE_BLOCKED_TITLE = 'The project cannot be upgraded now'
export const UPGRADE_START_LABEL = 'Upgrade project'
export const UPGRADE_CONFIRM_TITLE = (version: string) => `Upgrade this project to Postgres ${version}?`
export const UPGRADE_CONFIRM_DESCRIPTION =
  'The project is offline while its data moves to the new version. If any step fails, it goes back to its current version with its data unaffected.'
export const UPGRADE_CONFIRM_LABEL = 'Start the upgrade'
export const UPGRADE_START_FAILED = (message: string) => `Failed to start the upgrade: ${message}`
export const UPGRADE_DENIED = 'You need additional permissions to upgrade this project'
export const UPGRADE_LOAD_FAILED_TITLE = 'Failed to check whether the project can be upgraded'
export const UPGRADE_LAST_DONE = (major: number, when: string) => `Upgraded to Postgres ${major} on ${when}.`

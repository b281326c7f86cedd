export const CONNECTION_STRING_TITLE = 'Connection string'
export const CONNECTION_STRING_HINT = 'Replace [YOUR-PASSWORD] with the database password you chose.'
export const CONNECTION_STRING_LABEL = 'connection string'
export const REST_URL_TITLE = 'Project URL'
export const REST_URL_LABEL = 'project URL'
export const PROJECT_DETAIL_LABELS = {
  status: 'Status',
  postgres: 'Postgres version',
  region: 'Region',
  compute: 'Compute size',
  ref: 'Project ref',
} as const
/** Shown instead of the connection string while the database has no port to connect to. */
export const NO_CONNECTION_STRING = (status: string) =>
  status === 'INACTIVE'
    ? 'This project is paused, so its database accepts no connections. Restore the project to get its connection string.'
    : 'The database is not listening for connections right now, so there is no connection string to show.'

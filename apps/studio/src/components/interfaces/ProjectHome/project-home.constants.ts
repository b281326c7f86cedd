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

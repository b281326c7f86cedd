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
export const FIGURES_TITLE = 'Project figures'
export const FIGURE_LABELS = {
  databaseSize: 'Database size',
  connections: 'Active connections',
  requests: 'Data API requests (last hour)',
  storage: 'Storage used',
  invocations: 'Function invocations (last hour)',
} as const
export const CONNECT_APP_TITLE = 'Connect from your app'
export const CONNECT_APP_HINT =
  'The anon key is safe in a browser when your tables have row-level security. Install the client with npm install @supabase/supabase-js.'
export const ANON_KEY_LABEL = 'anon key'
export const ANON_KEY_TITLE = 'anon key'
export const SUPABASE_JS_LABEL = 'supabase-js snippet'

export const AUTH_TITLE = 'Policies'
export const AUTH_POLICIES_INTRO =
  'What decides access to the project’s data for the users of its auth server and for every other client: row-level security policies, the data API’s roles and the JWTs that pick them.'
export const USERS_LINK = 'Users'

export const POLICIES_TITLE = 'Row-level security policies'
export const POLICIES_DESCRIPTION =
  'Policies decide which rows each database role can read and change, through the data API as through any connection.'
export const LOAD_POLICIES_ERROR_TITLE = 'Failed to load policies'
export const NO_POLICIES_MESSAGE = 'No row-level security policies yet.'
export const CREATE_POLICY_HINT = 'Create one with create policy in the'
export const SQL_EDITOR_LINK = 'SQL editor'
export const POLICY_HEADERS = ['Name', 'Command', 'Roles', 'Type', 'USING', 'WITH CHECK'] as const
/** Shown for a missing USING or WITH CHECK expression. */
export const NO_EXPRESSION = '—'
export const POLICY_COUNT = (count: number) => (count === 1 ? '1 policy' : `${count} policies`)
export const RLS_ON_NO_POLICY_NOTE =
  'Row-level security is on and no policy exists: anon and authenticated see no rows; service_role bypasses it.'

export const RLS_SCHEMA = 'public'
export const LOAD_TABLES_ERROR_TITLE = 'Failed to load tables'
export const RLS_DISABLED_TITLE = (count: number) =>
  `Row-level security is disabled on ${count === 1 ? '1 table' : `${count} tables`} in ${RLS_SCHEMA}`
export const RLS_DISABLED_NOTE = 'Without it, the anon key reaches every row the table’s grants allow. Enable it with:'
export const ENABLE_RLS_SQL = (table: string) => `alter table ${RLS_SCHEMA}.${table} enable row level security;`
export const ALL_TABLES_RLS_ENABLED = `Row-level security is enabled on every table in ${RLS_SCHEMA}.`

export const ROLES_TITLE = 'Roles the data API uses'
export const ROLES_DESCRIPTION =
  'The data API logs in as authenticator and switches, for each request, to the role its key or JWT names.'
export const LOAD_ROLES_ERROR_TITLE = 'Failed to load roles'
export const ROLE_HEADERS = ['Role', 'Used for', 'Can log in', 'Bypasses RLS', 'Connection limit'] as const
export const NO_CONNECTION_LIMIT = 'No limit'
export const ROLE_MISSING = 'Missing: requests that need this role fail'
export const YES = 'Yes'
export const NO = 'No'

/** The roles the project's data API uses, in the order a request meets them, and what each is for. */
export const DATA_API_ROLES = [
  { name: 'anon', usedFor: 'Requests with the anon key and no user JWT' },
  { name: 'authenticated', usedFor: 'Requests with a JWT whose role claim is authenticated' },
  { name: 'service_role', usedFor: 'Requests with the service_role key: trusted servers only' },
  { name: 'authenticator', usedFor: 'The login the data API connects as' },
] as const

export const JWT_TITLE = 'How requests are authenticated'
export const JWT_PARAGRAPHS = [
  'Every data API request carries an apikey header with the project’s anon or service_role key. Both keys are JWTs (HS256) signed with the project’s JWT secret.',
  "An Authorization: Bearer JWT signed with the same secret picks the database role through its role claim. Your own backend can sign such tokens for your users; policies read their claims with current_setting('request.jwt.claims', true).",
] as const
export const API_SETTINGS_LINK = 'Keys and JWT secret in API settings'

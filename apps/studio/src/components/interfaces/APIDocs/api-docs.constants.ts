import { GENERATE_TYPES_ERROR } from '@pgfleet/contracts'

export const API_DOCS_BUTTON_LABEL = 'API Docs'
export const API_DOCS_TITLE = 'API Docs'
export const API_DOCS_DESCRIPTION =
  "Generated documentation of your project's API, with snippets for every table, view and function."

export type ApiDocsSectionId = 'connect' | 'auth' | 'entities' | 'functions' | 'storage' | 'edge-functions' | 'realtime'
export type ApiDocsFlag = 'project_auth' | 'project_storage' | 'project_edge_function' | 'realtime'

/** Left navigation of the modal, in order; a section with a flag shows only while the flag is on. */
export const API_DOCS_SECTIONS: readonly { id: ApiDocsSectionId; label: string; flag?: ApiDocsFlag }[] = [
  { id: 'connect', label: 'Connect' },
  { id: 'auth', label: 'User Management', flag: 'project_auth' },
  { id: 'entities', label: 'Tables & Views' },
  { id: 'functions', label: 'Stored Procedures' },
  { id: 'storage', label: 'Storage', flag: 'project_storage' },
  { id: 'edge-functions', label: 'Edge Functions', flag: 'project_edge_function' },
  { id: 'realtime', label: 'Realtime', flag: 'realtime' },
]

export type SnippetLanguage = 'js' | 'bash'
export const LANGUAGES: readonly { id: SnippetLanguage; label: string }[] = [
  { id: 'js', label: 'Javascript' },
  { id: 'bash', label: 'Bash' },
]

export const SHOW_KEYS_LABEL = 'Show keys'
export const HIDE_KEYS_LABEL = 'Hide keys'
/** Placeholder shown in snippets until 'Show keys' is on; snippets only ever use the public anon key. */
export const ANON_KEY_PLACEHOLDER = 'SUPABASE_KEY'

export const GENERATE_TYPES_LABEL = 'Generate and download types'
export const TYPES_FILE_NAME = 'database.types.ts'
export const GENERATE_TYPES_FAILED = GENERATE_TYPES_ERROR
export const TYPES_DOWNLOADED_TOAST = 'Types generated and downloaded'

export const DOCS_LINKS = {
  js: 'https://supabase.com/docs/reference/javascript/introduction',
  auth: 'https://supabase.com/docs/guides/auth',
  storage: 'https://supabase.com/docs/guides/storage',
  realtime: 'https://supabase.com/docs/guides/realtime',
  functions: 'https://supabase.com/docs/guides/functions',
  postgrest: 'https://postgrest.org/en/stable/references/api.html',
} as const
export const DOCS_LINK_LABEL = 'Documentation'

export const COLUMN_TABLE_HEADERS = ['Name', 'Format', 'Type', 'Description'] as const
export const REQUIRED_BADGE = 'Required'
export const OPTIONAL_BADGE = 'Optional'
export const NO_ARGUMENTS = 'This function takes no arguments.'
export const NO_TABLES = 'No tables or views in the public schema yet. Create one with the SQL editor.'
export const NO_FUNCTIONS = 'No functions in the public schema yet.'
export const NO_BUCKETS = 'No storage buckets yet. Create one on the Storage page.'
export const NO_EDGE_FUNCTIONS = 'No edge functions deployed yet. Deploy your first one below.'
export const LOAD_DESCRIPTION_FAILED = 'Failed to load the API description'

export const CONNECT_INTRO =
  'Interact with your database through the REST interface. Use the client library or plain HTTP requests with your API key.'
export const AUTH_INTRO = 'Sign users up and in, and manage their sessions, with the auth API.'
export const REALTIME_NOT_HOSTED =
  'pgfleet does not run the realtime server for projects yet, so these subscriptions have nothing to answer them here.'
export const STORAGE_INTRO = 'Store and serve large files. Files are served through a global CDN in over 285 cities.'
/** Signed URL examples expire after this many seconds; list examples use this limit. */
export const SIGNED_URL_EXPIRY_S = 60
export const STORAGE_LIST_LIMIT = 100
export const REALTIME_INTRO =
  'Listen to database changes, broadcast messages and track presence over websockets. A channel is cleaned up 30 seconds after a client disconnects.'
export const EDGE_FUNCTIONS_INTRO = 'Invoke edge functions over HTTP. Each function is served at'
export const PRIMARY_KEY_LABEL = 'Primary key'
export const FOREIGN_KEY_LABEL = (table: string, column: string) => `Foreign key to ${table}.${column}`

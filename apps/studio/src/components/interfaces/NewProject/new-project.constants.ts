export const NEW_PROJECT_PAGE_TITLE = 'Create a new project'
export const NEW_PROJECT_DESCRIPTION =
  'Each project gets its own Postgres database. It takes a moment to set up after you create it.'

export const PROJECT_NAME_LABEL = 'Project name'
export const ORGANIZATION_LABEL = 'Organization'
export const DATABASE_PASSWORD_LABEL = 'Database password'
export const DATABASE_PASSWORD_DESCRIPTION =
  'At least 8 characters. Keep it somewhere safe: the dashboard shows connection strings with [YOUR-PASSWORD] in its place.'
export const GENERATE_PASSWORD_LABEL = 'Generate password'
export const SHOW_SECRET_LABEL = 'Show'
export const HIDE_SECRET_LABEL = 'Hide'
export const POSTGRES_VERSION_LABEL = 'Postgres version'
export const POSTGRES_VERSION_DESCRIPTION = 'The newest installed version is selected by default.'
export const REGION_LABEL = 'Region'
export const CREATE_PROJECT_LABEL = 'Create project'
export const CANCEL_LABEL = 'Cancel'

export const REGIONS = ['local'] as const
export const DEFAULT_REGION = 'local'

export const GENERATED_PASSWORD_LENGTH = 24
/** Letters and digits only, so a generated password needs no escaping in a connection URL. */
export const GENERATED_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

export const ORGANIZATION_NOT_FOUND = (slug: string) =>
  `You are not a member of an organization named "${slug}". Choose one of yours below.`
export const ENGINES_LOAD_FAILED = 'Could not load the installed Postgres versions; the server default will be used.'

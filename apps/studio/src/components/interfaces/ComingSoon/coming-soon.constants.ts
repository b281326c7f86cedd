import type { Params } from 'react-router'

export type ComingSoonPageSpec = {
  /** relative to /project/{ref} */
  path: string
  title: string
  /** one sentence, from the spec, saying what the page will hold */
  summary: string | ((params: Params) => string)
}

export const COMING_SOON_NOTICE = 'This page is not built yet.'
export const ADDONS_PITR_PANEL_NOTE = 'The point-in-time recovery add-on panel will open here.'

/** Project pages that later issues build; until then each says plainly what it will hold. */
export const PROJECT_COMING_SOON_PAGES: readonly ComingSoonPageSpec[] = [
  {
    path: 'settings/api',
    title: 'API settings',
    summary:
      'API keys and configuration: the public anon key, the secret service_role key that bypasses row-level security, the project URL and the JWT secret.',
  },
  {
    path: 'settings/database',
    title: 'Database settings',
    summary: 'Database settings: connection details, the database password and the downloadable backups.',
  },
  {
    path: 'settings/infrastructure',
    title: 'Infrastructure settings',
    summary:
      'Infrastructure settings: the Postgres version, upgrade eligibility and the progress of a database upgrade.',
  },
  {
    path: 'settings/addons',
    title: 'Add-ons settings',
    summary: 'Add-ons of this project, such as point-in-time recovery, and the plan they need.',
  },
  {
    path: 'settings/auth',
    title: 'Auth settings',
    summary: 'Auth settings: how users sign in to your app, and the auth email rate limit.',
  },
  {
    path: 'settings/vault',
    title: 'Vault settings',
    summary: 'Vault settings: the secrets kept encrypted in the database.',
  },
  {
    path: 'settings/storage',
    title: 'Storage settings',
    summary: 'Storage settings: the upload size limit and the download of a storage archive.',
  },
  { path: 'database', title: 'Database', summary: 'Database: the schemas, tables and functions of this project.' },
  {
    path: 'database/backups/pitr',
    title: 'Point-in-time recovery',
    summary: 'Point-in-time recovery: restore the database to a moment you choose.',
  },
  {
    path: 'addons',
    title: 'Add-ons',
    summary: 'Add-ons: extras for this project such as point-in-time recovery, which needs a paid plan.',
  },
  {
    path: 'branches',
    title: 'Branches',
    summary:
      'Branches: preview branches made from your Git repository, on paid plans with Postgres 15 or higher, billed at $0.32 per day each.',
  },
  {
    path: 'reports',
    title: 'Reports',
    summary: 'Reports: pages of charts about this project; charts from the assistant can be dragged in.',
  },
  {
    path: 'reports/:id',
    title: 'Report',
    summary: (params) => `Report ${params.id ?? ''}: its charts and the SQL behind each of them.`,
  },
  {
    path: 'usage',
    title: 'Usage',
    summary: 'Usage: database size, disk, compute and egress of this project over time.',
  },
  {
    path: 'api/graphiql',
    title: 'GraphiQL',
    summary: "GraphiQL: explore and query the project's GraphQL API in the browser.",
  },
  {
    path: 'functions',
    title: 'Edge Functions',
    summary: 'Edge Functions: the functions deployed to this project, with their URLs.',
  },
  {
    path: 'functions/:name/details',
    title: 'Edge function details',
    summary: (params) =>
      `Edge function ${params.name ?? ''}: its URL ({ref}.{domain}/functions/v1/${params.name ?? '{name}'}), its deployments and its settings.`,
  },
  {
    path: 'sql',
    title: 'SQL editor',
    summary: 'SQL editor: write and run SQL, save queries as snippets in folders, and read the results in a grid.',
  },
  {
    path: 'sql/:id',
    title: 'SQL editor',
    summary: (params) => `SQL snippet ${params.id ?? ''}: its SQL, run against this project, and its results.`,
  },
]

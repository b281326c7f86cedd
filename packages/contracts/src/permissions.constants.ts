// The plain values of permissions.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

export const ROLE_NAMES = ['Owner', 'Administrator', 'Developer', 'Read-only'] as const

/** Actions and resources of the permission model; names follow the hosted product's vocabulary. */
export const PermissionAction = {
  READ: 'read',
  CREATE: 'create',
  UPDATE: 'update',
  DELETE: 'delete',
  INFRA_EXECUTE: 'infra:execute',
  BILLING_READ: 'billing:read',
  BILLING_WRITE: 'billing:write',
  SQL_READ: 'sql:read',
  SQL_WRITE: 'sql:write',
  FUNCTIONS_READ: 'functions:read',
  FUNCTIONS_WRITE: 'functions:write',
} as const

export type PermissionAction = (typeof PermissionAction)[keyof typeof PermissionAction]

export const PermissionResource = {
  ORGANIZATIONS: 'organizations',
  MEMBERS: 'members',
  PROJECTS: 'projects',
  /** the job that initializes or resumes (restores) a project */
  PROJECT_RESUME_JOB: 'queue_jobs.projects.initialize_or_resume',
  /** pause, restart, resize */
  PROJECT_OPERATION_JOBS: 'queue_jobs.projects.operations',
  SERVICE_API_KEYS: 'service_api_keys',
  SUBSCRIPTIONS: 'subscriptions',
  USER_CONTENT: 'user_content',
  SUPPORT_REQUESTS: 'support_requests',
  DATABASE: 'database',
  /** database backups: downloading one gives all of the project's data */
  BACKUPS: 'backups',
  /** edge functions: list, read and download (read); deploy and delete (write) */
  EDGE_FUNCTIONS: 'functions',
  /** storage buckets of a project: everyone reads them, update covers create, edit, empty and delete */
  STORAGE: 'storage',
  /** the archive of every storage object of a project: like a backup, it gives all of them */
  STORAGE_ARCHIVE: 'storage_archive',
  /** a project's auth server: its settings and its users (update covers changing settings and managing users) */
  AUTH: 'auth',
} as const

export type PermissionResource = (typeof PermissionResource)[keyof typeof PermissionResource]

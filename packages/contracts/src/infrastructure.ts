import { z } from 'zod'

/** The platform's consumers of a project's connections, each with a pool of its own. */
export const CONNECTION_CONSUMERS = ['rest', 'sql', 'sql-read', 'storage', 'auth', 'meta', 'meta-helper'] as const
export const ConnectionConsumer = z.enum(CONNECTION_CONSUMERS)
export type ConnectionConsumer = z.infer<typeof ConnectionConsumer>

/**
 * The platform's pools on one project: sized from max_connections so that together they stay within `budget`,
 * leaving `reserved_for_clients` to the tenant's own clients. Counts are of this platform process's pools now.
 */
export const PlatformConnections = z.object({
  budget: z.number().int(),
  reserved_for_clients: z.number().int(),
  pools: z.array(
    z.object({
      consumer: ConnectionConsumer,
      max: z.number().int(),
      in_use: z.number().int(),
      idle: z.number().int(),
      waiting: z.number().int(),
    }),
  ),
})
export type PlatformConnections = z.infer<typeof PlatformConnections>

/**
 * `GET /platform/projects/{ref}/infrastructure`: what the project's running Postgres server says about itself,
 * read live (the project detail holds what the platform stores: status, version, compute size, region).
 */
export const ProjectInfrastructure = z.object({
  /** pg_database_size of the project's database */
  database_size_bytes: z.number(),
  /** the same, as Postgres prints it: '7753 kB' */
  database_size: z.string(),
  /** the running server's own version string: '17.10' */
  server_version: z.string(),
  /** when the postmaster last started (ISO 8601) */
  started_at: z.string(),
  /** client connections open now, the platform's own pools included */
  active_connections: z.number(),
  /**
   * Server-wide settings the compute size gave the postmaster, as it runs them. work_mem is left out: a session can
   * change it (the platform's own metadata connections do), so one connection's value says nothing of the server's.
   */
  max_connections: z.number(),
  shared_buffers: z.string(),
  platform_connections: PlatformConnections,
})
export type ProjectInfrastructure = z.infer<typeof ProjectInfrastructure>

/** A 409 answer: the live numbers need the server running. */
export const INFRASTRUCTURE_NOT_RUNNING_MESSAGE = (status: string) =>
  `The project's database is not running (status ${status}), so its size and live settings cannot be read`

/**
 * `GET /platform/isolation`: how far this platform keeps tenants apart. A tenant never gets a superuser; whether
 * each project also runs as an operating-system user of its own depends on the platform running as root.
 */
export const PlatformIsolation = z.object({
  /** always false: the tenant's `postgres` role is a database owner, the platform keeps the superuser */
  tenant_superuser: z.boolean(),
  /** each project's Postgres server and function workers run as OS users of their own */
  os_user_per_project: z.boolean(),
  /** what isolation is missing on this platform, in words a user can act on */
  missing: z.array(z.string()),
})
export type PlatformIsolation = z.infer<typeof PlatformIsolation>

/** Shown when the platform does not run as root and so cannot give projects OS users of their own. */
export const ISOLATION_GAPS_WITHOUT_ROOT = [
  "Every project's Postgres server runs as the platform's own operating-system user: a server-level escape in one project could read other projects' files and the control plane's.",
  "Edge function workers run as the platform's own operating-system user.",
  'Start the platform as root to give each project operating-system users of its own.',
] as const

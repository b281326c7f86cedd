import { z } from 'zod'

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
})
export type ProjectInfrastructure = z.infer<typeof ProjectInfrastructure>

/** A 409 answer: the live numbers need the server running. */
export const INFRASTRUCTURE_NOT_RUNNING_MESSAGE = (status: string) =>
  `The project's database is not running (status ${status}), so its size and live settings cannot be read`

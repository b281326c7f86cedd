import type { ClientConfig } from 'pg'

/** Where the tenant's own clients reach a project's database: the host and port of its connection strings. */
export interface TenantEndpoint {
  host: string
  /** null when nothing listens for the project (it has no TCP port: paused) */
  port: number | null
}

export interface ProjectConnectionOptions {
  database?: string
  user?: string
}

/** How the tenant's clients and the platform itself reach a project's database, and as whom. */
export interface ProjectConnectionDriver {
  /** The tenant's database owner, the role in the tenant's connection strings (`postgres` unless the driver says). */
  readonly tenantOwnerRole: string
  /**
   * Where the tenant's clients connect to the project, for its connection strings. `port` is the TCP port the
   * platform gave the project (null: none, so nothing listens).
   */
  tenantEndpoint(ref: string, port: number | null): Promise<TenantEndpoint>
  /** How the platform itself connects to the project's database (as the superuser unless told otherwise). */
  projectConnection(ref: string, options?: ProjectConnectionOptions): Promise<ClientConfig>
}

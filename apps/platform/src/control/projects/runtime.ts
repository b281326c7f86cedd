import type { ComputeSize } from '@pgfleet/contracts'
import { FIRST_MAJOR_WITH_RESERVED_CONNECTIONS, type ProjectRuntimeConfig } from '@pgfleet/engine'
import type { ProjectRow } from '../../db/types'

/**
 * Server settings every project runs with. pg_stat_statements is loaded at start so the extensions page can
 * enable it without a restart (loading it costs no measurable start time), but it counts nothing until the tenant
 * enables the extension: its shared counters halved the throughput of small queries here (10 clients on 2 cores,
 * 10,500 → 5,500 selects a second), a price only projects that read the statistics should pay. WAL segments are removed at
 * checkpoints rather than renamed for reuse: recycled segments stay on disk (up to max_wal_size) after a burst of
 * writes, so a project that cleans up after filling its disk would not get the room back.
 *
 * A connection holds one of max_connections' slots from its startup message on, before it authenticates, and
 * reserved slots do not help there: Postgres checks them only after authentication. So a client that opens
 * connections and never answers the password exchange fills every slot, the platform's own included, for
 * authentication_timeout; 5 s instead of a minute bounds that (the platform's own logins take milliseconds).
 */
export const PROJECT_SERVER_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'none',
  wal_recycle: false,
  authentication_timeout: '5s',
} as const

/**
 * From Postgres 16, slots that only roles with pg_use_reserved_connections (the data API's authenticator) and
 * superusers may take once authenticated: the tenant's own clients filling the project cannot lock the data API
 * out. Postgres 15 has only superuser_reserved_connections (3, for the platform's superuser).
 */
export const DATA_API_RESERVED_CONNECTIONS = 3

/** How the project's server should run, from its row: the row is the truth the driver applies. */
export function runtimeConfig(
  project: Pick<ProjectRow, 'postgres_major' | 'port' | 'compute_size' | 'pitr_retention_days'>,
): ProjectRuntimeConfig {
  return {
    major: project.postgres_major,
    port: project.port,
    computeSize: project.compute_size as ComputeSize,
    settings: {
      ...PROJECT_SERVER_SETTINGS,
      ...(project.postgres_major >= FIRST_MAJOR_WITH_RESERVED_CONNECTIONS
        ? { reserved_connections: DATA_API_RESERVED_CONNECTIONS }
        : {}),
    },
    // the point-in-time recovery add-on archives every WAL segment
    walArchiving: project.pitr_retention_days !== null,
  }
}

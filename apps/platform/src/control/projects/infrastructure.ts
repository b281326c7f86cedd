import { INFRASTRUCTURE_NOT_RUNNING_MESSAGE, type ProjectInfrastructure } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { conflict } from '../../errors'
import { type MetaProject, withMetaClient } from '../pg-meta/connection'

/** One cheap statement: catalog functions and settings only, no table is scanned. */
const INFRASTRUCTURE_SQL = `
select pg_database_size(current_database())::float8 as database_size_bytes,
  pg_size_pretty(pg_database_size(current_database())) as database_size,
  current_setting('server_version') as server_version,
  to_json(pg_postmaster_start_time()) #>> '{}' as started_at,
  (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as active_connections,
  current_setting('max_connections')::int as max_connections,
  current_setting('shared_buffers') as shared_buffers`

/** The running server's size and live settings, read over one of the project's metadata connections. */
export async function projectInfrastructure(ctx: AppContext, project: MetaProject): Promise<ProjectInfrastructure> {
  if (project.status !== 'ACTIVE_HEALTHY') throw conflict(INFRASTRUCTURE_NOT_RUNNING_MESSAGE(project.status))
  const row = await withMetaClient(ctx, project, async (client) => {
    const result = await client.query<Omit<ProjectInfrastructure, 'platform_connections'>>(INFRASTRUCTURE_SQL)
    const first = result.rows[0]
    if (!first) throw new Error('The infrastructure query answered no row')
    return first
  })
  const { budget, consumers } = await ctx.connections.figures(project.ref)
  return {
    ...row,
    platform_connections: {
      budget: budget.pools,
      reserved_for_clients: budget.tenantReserve,
      pools: consumers.map((pool) => ({
        consumer: pool.consumer,
        max: pool.max,
        in_use: pool.inUse,
        idle: pool.idle,
        waiting: pool.waiting,
      })),
    },
  }
}

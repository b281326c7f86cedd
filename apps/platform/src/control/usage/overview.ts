import type { ProjectOverview } from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { withMetaClient } from '../pg-meta/connection'

const HOUR_MS = 60 * 60 * 1000

/** Catalog functions and one small view: cheap enough to run each time the home page refreshes. */
const LIVE_SQL = `select pg_catalog.pg_database_size(current_database())::float8 as database_size_bytes,
  (select count(*) from pg_catalog.pg_stat_activity where backend_type = 'client backend')::int as active_connections`

/** The project home's figures; a database that is not running (or does not answer) leaves the live ones null. */
export async function projectOverview(ctx: AppContext, row: ProjectRow): Promise<ProjectOverview> {
  const live =
    row.status === 'ACTIVE_HEALTHY'
      ? await withMetaClient(ctx, row, async (client) => {
          const result = await client.query<{ database_size_bytes: number; active_connections: number }>(LIVE_SQL)
          return result.rows[0] ?? null
        }).catch(() => null)
      : null
  // read before the stored samples: a round that commits in between is counted twice for a moment, never missed
  const pending = ctx.usage.pending(row.ref)
  const hour = await ctx.db
    .selectFrom('resource_samples')
    .select([
      sql<number>`coalesce(sum(data_api_requests), 0)::int`.as('requests'),
      sql<number>`coalesce(sum(function_invocations), 0)::int`.as('invocations'),
    ])
    .where('project_id', '=', row.id)
    .where('sampled_at', '>=', new Date(Date.now() - HOUR_MS))
    .executeTakeFirst()
  const latest = await ctx.db
    .selectFrom('resource_samples')
    .select('storage_bytes')
    .where('project_id', '=', row.id)
    .orderBy('sampled_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return {
    database_size_bytes: live?.database_size_bytes ?? null,
    active_connections: live?.active_connections ?? null,
    data_api_requests_last_hour: Number(hour?.requests ?? 0) + pending.dataApiRequests,
    function_invocations_last_hour: Number(hour?.invocations ?? 0) + pending.functionInvocations,
    storage_size_bytes: latest ? Number(latest.storage_bytes) : null,
    measured_at: new Date().toISOString(),
  }
}

import { QUERY_PERFORMANCE_LIMIT, type QueryPerformanceReport, type QueryStatistic } from '@pgfleet/contracts'
import { PLATFORM_SUPERUSER } from '@pgfleet/engine'
import type { AppContext } from '../../context'
import { reapplyExtensionSwitch } from '../extensions/service'
import { type MetaProject, withMetaClient } from '../pg-meta/connection'

/** Where the extension's view lives (the tenant may have created it in any schema), or null when it is off. */
const EXTENSION_SCHEMA_SQL = `select n.nspname as schema,
  pg_catalog.current_setting('pg_stat_statements.track', true) as track from pg_catalog.pg_extension e
  join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'`

/**
 * This database's statements, ordered by `order`. The platform's own superuser sessions (start-up, role upkeep)
 * are left out: they are not the tenant's workload.
 */
const statementsSql = (schema: string, order: 'mean_exec_time' | 'calls') => `
select s.query, coalesce(r.rolname, '') as role, s.calls::float8 as calls,
  s.total_exec_time::float8 as total_time_ms, s.mean_exec_time::float8 as mean_time_ms, s.rows::float8 as rows
from ${schema}.pg_stat_statements s
left join pg_catalog.pg_roles r on r.oid = s.userid
where s.dbid = (select oid from pg_catalog.pg_database where datname = current_database())
  and coalesce(r.rolname, '') <> $1
order by s.${order} desc
limit $2`

/** The slowest (by mean time) and the most frequent statements, read in one metadata transaction. */
export async function queryPerformance(ctx: AppContext, project: MetaProject): Promise<QueryPerformanceReport> {
  const report = await readQueryPerformance(ctx, project)
  if (report === 'not-counting') {
    // enabled before the platform switched counting per database: switch it on now; counts start from here
    await reapplyExtensionSwitch(ctx, project.ref, 'pg_stat_statements')
    const again = await readQueryPerformance(ctx, project)
    return again === 'not-counting' ? { enabled: true, slowest: [], most_frequent: [] } : again
  }
  return report
}

async function readQueryPerformance(
  ctx: AppContext,
  project: MetaProject,
): Promise<QueryPerformanceReport | 'not-counting'> {
  return withMetaClient(ctx, project, async (client) => {
    const found = await client.query<{ schema: string; track: string }>(EXTENSION_SCHEMA_SQL)
    const schema = found.rows[0]?.schema
    if (!schema) return { enabled: false, slowest: [], most_frequent: [] }
    if (found.rows[0]?.track === 'none') return 'not-counting'
    const view = client.escapeIdentifier(schema)
    const parameters = [PLATFORM_SUPERUSER, QUERY_PERFORMANCE_LIMIT]
    const slowest = await client.query<QueryStatistic>(statementsSql(view, 'mean_exec_time'), parameters)
    const frequent = await client.query<QueryStatistic>(statementsSql(view, 'calls'), parameters)
    return { enabled: true, slowest: slowest.rows, most_frequent: frequent.rows }
  })
}

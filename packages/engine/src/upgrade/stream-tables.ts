import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { withClient } from '../cluster/client'
import type { ClusterLocation } from '../cluster/types'

/** A table whose rows move by a direct COPY stream instead of through the dump. */
export interface StreamedTable {
  /** schema and name, each quoted as an identifier */
  name: string
  schema: string
  table: string
  bytes: number
  /** every column has a built-in type, so the binary format reads the same on both majors */
  binary: boolean
}

/**
 * Tables at least `minBytes` large that a dump would carry the rows of: ordinary tables (partitions included) outside
 * the system schemas and not members of an extension (their rows, if any, follow the extension's own rules, which
 * pg_dump knows). Largest first, so the longest copy starts first.
 *
 * The binary format is used only where every column has a built-in type: the binary form of arrays and composites
 * carries type OIDs, which differ between two clusters for user-defined types.
 */
const STREAMED_TABLES = `
select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, n.nspname as schema, c.relname as "table",
       pg_relation_size(c.oid)::float8 as bytes,
       not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and a.atttypid >= 16384) as binary
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind = 'r' and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
   and pg_relation_size(c.oid) >= $1
 order by bytes desc`

export async function tablesToStream(client: pg.ClientBase, minBytes: number): Promise<StreamedTable[]> {
  const { rows } = await client.query<StreamedTable>(STREAMED_TABLES, [minBytes])
  return rows
}

/**
 * A pg_dump `--exclude-table-data` pattern that matches exactly this table: inside double quotes a pattern's
 * wildcards are literal, and a double quote is written twice.
 */
export const exactTablePattern = (table: Pick<StreamedTable, 'schema' | 'table'>): string =>
  `"${table.schema.replaceAll('"', '""')}"."${table.table.replaceAll('"', '""')}"`

/**
 * Copies one table's rows from the source cluster into the same, empty table of the target: the source's
 * `COPY TO` piped into the target's `COPY FROM`, both halves running at once. The target truncates the table in the
 * same transaction first, so with `wal_level=minimal` its rows skip the WAL. Answers the number of rows read.
 * Clients must be cut off from the source: the rows read are then all the rows.
 */
export async function streamTable(
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  table: StreamedTable,
): Promise<number> {
  const format = table.binary ? ' (format binary)' : ''
  return withClient(
    source,
    (from) =>
      withClient(
        target,
        async (to) => {
          await to.query('begin')
          await to.query(`truncate only ${table.name}`)
          const reading = from.query(copyTo(`copy ${table.name} to stdout${format}`))
          const writing = to.query(copyFrom(`copy ${table.name} from stdin${format}`))
          await pipeline(reading, writing)
          await to.query('commit')
          return reading.rowCount
        },
        { database },
      ),
    { database },
  )
}

/**
 * Runs `work` on each item with at most `limit` running at once. After a failure no new item starts; once the
 * running ones have settled, the first failure is thrown (so nothing is still writing when the caller cleans up).
 */
export async function eachWithLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T
      try {
        await work(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  })
  const outcomes = await Promise.allSettled(runners)
  const failure = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failure) throw failure.reason
}

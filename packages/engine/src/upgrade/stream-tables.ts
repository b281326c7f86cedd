import { constants } from 'node:fs'
import { chown, open } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import { withClient } from '../cluster/client'
import type { ClusterLocation } from '../cluster/types'
import { ignoredError } from '../logger'
import type { RunAs } from '../system/run-as'
import { runCommand } from '../system/run-command'

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
 * The streams run as the platform superuser (only it may COPY to and from a server file), so a table streams only
 * when loading its rows runs no code a tenant wrote: no CHECK constraint, no generated column, only base and enum
 * types (arrays of them included; a domain's check or a composite's fields would run tenant code), and no partition
 * key expression above it (a row copied into a partition is checked against its bounds). Triggers, indexes and
 * foreign keys come after the rows. The other tables' rows are restored from the dump as their owner.
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
   and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'c')
   and not exists (select 1 from pg_attribute a join pg_type t on t.oid = a.atttypid
                     left join pg_type e on e.oid = t.typelem
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      and (a.attgenerated <> '' or coalesce(e.typtype, t.typtype) not in ('b', 'e')))
   and not exists (select 1 from pg_partition_ancestors(c.oid) p join pg_partitioned_table k on k.partrelid = p.relid
                    where k.partexprs is not null)
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

/** How often a stream whose other half failed re-opens its pipe, so a half still waiting to open it goes on. */
const RELEASE_INTERVAL_MS = 50

/**
 * Until `pending` settles, opens and closes the pipe again and again (read and write, without blocking): a server
 * that waits to open its end then gets it, and finds its partner gone (an end of input, or a broken pipe), so its
 * COPY ends instead of waiting forever for a partner that failed before it opened.
 */
async function releasePipe(fifo: string, pending: Promise<unknown>): Promise<void> {
  let settled = false
  pending.then(
    () => {
      settled = true
    },
    () => {
      settled = true
    },
  )
  while (!settled) {
    // the pipe may already be gone with its directory when the caller cleans up: nothing is left to release then
    const handle = await open(fifo, constants.O_RDWR | constants.O_NONBLOCK).catch(() => null)
    await handle?.close()
    await new Promise((resolve) => setTimeout(resolve, RELEASE_INTERVAL_MS))
  }
}

/** The rows a COPY reported. */
const rowsOf = (result: pg.QueryResult): number => result.rowCount ?? 0

/**
 * Copies one table's rows from the source cluster into the same, empty table of the target through a named pipe:
 * the source's server writes `COPY TO` into it and the target's server reads `COPY FROM` out of it, so both halves
 * run at once and the rows pass through no other process. The target truncates the table in the same transaction
 * first, so with `wal_level=minimal` its rows skip the WAL, and loads them frozen (no hint bits to set, and no
 * freezing later). The platform holds that transaction and commits only once the source finished without error and
 * both sides counted the same rows; a cut-short copy is rolled back. Answers the rows written. Clients must be cut
 * off from the source. `fifo` is a named pipe both servers can open (they run as the same OS user).
 */
export async function streamTable(
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  table: StreamedTable,
  fifo: string,
): Promise<number> {
  return withClient(
    target,
    async (writer) => {
      const file = writer.escapeLiteral(fifo)
      const format = table.binary ? 'format binary, ' : ''
      await writer.query('begin')
      try {
        await writer.query(`truncate only ${table.name}`).catch((error: unknown) => {
          throw new Error(`Writing ${table.name} failed: ${messageOf(error)}`)
        })
        const writing = writer.query(`copy ${table.name} from ${file} (${format}freeze)`)
        const reading = withClient(
          source,
          (reader) => reader.query(`copy ${table.name} to ${file}${table.binary ? ' (format binary)' : ''}`),
          { database },
        )
        writing.catch(() => releasePipe(fifo, reading))
        reading.catch(() => releasePipe(fifo, writing))
        const [read, written] = await Promise.allSettled([reading, writing])
        if (read.status === 'rejected') throw new Error(`Reading ${table.name} failed: ${messageOf(read.reason)}`)
        if (written.status === 'rejected') throw new Error(`Writing ${table.name} failed: ${messageOf(written.reason)}`)
        if (rowsOf(read.value) !== rowsOf(written.value))
          throw new Error(`${table.name}: ${rowsOf(read.value)} rows read but ${rowsOf(written.value)} written`)
        await writer.query('commit')
        return rowsOf(written.value)
      } catch (error) {
        await writer
          .query('rollback')
          .catch(
            ignoredError('could not roll back a failed table copy; the copy fails either way', { table: table.name }),
          )
        throw error
      }
    },
    { database },
  )
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Named pipes for the streams, in `dir`, which the caller made: the directory and each pipe are given to the
 * clusters' OS user (both servers run as it), readable by nobody else. Answers a function making the next pipe.
 */
export async function pipeMaker(dir: string, runAs: RunAs | null): Promise<() => Promise<string>> {
  if (runAs) await chown(dir, runAs.uid, runAs.gid)
  let next = 0
  return async () => {
    const fifo = path.join(dir, `stream-${next++}.pipe`)
    await runCommand('mkfifo', ['--mode=600', fifo])
    if (runAs) await chown(fifo, runAs.uid, runAs.gid)
    return fifo
  }
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

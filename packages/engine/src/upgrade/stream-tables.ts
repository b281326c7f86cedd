import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import type pg from 'pg'
import { PLATFORM_SESSION_OPTIONS } from '../cluster/client'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { settingsPort } from '../cluster/types'
import { postgresEnv } from '../system/run-command'

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

/** How the client tools reach a cluster: its unix socket, as the platform superuser. */
export const connectionArgs = (location: Pick<ClusterLocation, 'socketDir' | 'port'>, database: string) => [
  '--host',
  location.socketDir,
  '--port',
  String(settingsPort(location)),
  '--username',
  PLATFORM_SUPERUSER,
  '--dbname',
  database,
]

/** Output kept of a psql run, for its error message. */
const MAX_STDERR_CHARS = 4_000

function runPsql(psql: string, args: string[]): ChildProcessByStdio<Writable, Readable, Readable> {
  // the platform's session settings win over whatever the tenant set on the database (a statement timeout, a
  // read-only default)
  return spawn(psql, ['--no-psqlrc', ...args], {
    env: postgresEnv({ PGOPTIONS: PLATFORM_SESSION_OPTIONS }),
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}

function exitOf(child: ChildProcess, stderr: () => string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${what} could not run: ${error.message}`)))
    child.once('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${what} failed (${signal ?? `exit ${code}`}): ${stderr().trim() || 'no message'}`))
    })
  })
}

/**
 * Copies one table's rows from the source cluster into the same, empty table of the target: one psql runs the
 * source's `COPY TO`, another the target's `COPY FROM`, and the first's output is piped into the second, so both
 * halves run at once and the rows pass through no JavaScript. The target truncates the table in the same
 * transaction first, so with `wal_level=minimal` its rows skip the WAL. The target's input is closed only once the
 * source finished without error (a cut-short text COPY would otherwise commit the rows so far). Answers the rows
 * written. Clients must be cut off from the source.
 */
export async function streamTable(
  psql: string,
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  table: StreamedTable,
): Promise<number> {
  const format = table.binary ? ' (format binary)' : ''
  const reader = runPsql(psql, [
    '--quiet',
    ...connectionArgs(source, database),
    '--command',
    `copy ${table.name} to stdout${format}`,
  ])
  reader.stdin.end()
  const writer = runPsql(psql, [
    '--set',
    'ON_ERROR_STOP=1',
    ...connectionArgs(target, database),
    '--command',
    'begin',
    '--command',
    `truncate only ${table.name}`,
    '--command',
    `copy ${table.name} from stdin${format}`,
    '--command',
    'commit',
  ])
  let readerErrors = ''
  let writerErrors = ''
  let written = ''
  reader.stderr.on('data', (chunk: Buffer) => {
    readerErrors = (readerErrors + chunk.toString()).slice(-MAX_STDERR_CHARS)
  })
  writer.stderr.on('data', (chunk: Buffer) => {
    writerErrors = (writerErrors + chunk.toString()).slice(-MAX_STDERR_CHARS)
  })
  writer.stdout.on('data', (chunk: Buffer) => {
    written = (written + chunk.toString()).slice(-MAX_STDERR_CHARS)
  })
  // a writer that failed early closes its input: what the reader still sends goes nowhere
  writer.stdin.on('error', () => {})
  reader.stdout.pipe(writer.stdin, { end: false })
  const reading = exitOf(reader, () => readerErrors, `Reading ${table.name}`)
  const writing = exitOf(writer, () => writerErrors, `Writing ${table.name}`)
  try {
    await reading
  } catch (error) {
    writer.kill('SIGKILL')
    await writing.catch(() => {})
    throw error
  }
  writer.stdin.end()
  try {
    await writing
  } catch (error) {
    reader.kill('SIGKILL')
    throw error
  }
  const rows = /^COPY (\d+)$/m.exec(written)?.[1]
  if (rows === undefined) throw new Error(`Writing ${table.name} did not report its rows: ${written.trim()}`)
  return Number(rows)
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

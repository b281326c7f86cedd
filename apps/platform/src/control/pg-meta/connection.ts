import { PG_META_STATEMENT_TIMEOUT_MS, PG_META_TIMEOUT_MESSAGE } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { conflict, HttpError } from '../../errors'
import { metaPool } from './metadata-pools'

export interface MetaConnectionOptions {
  statementTimeoutMs?: number
  /**
   * Catalog-wide lists join whole catalogs; right after a migration the catalogs' statistics are stale and the
   * planner picks nested loops over thousands of rows (seconds instead of milliseconds). Hash joins are
   * always fine for them, so lists turn nested loops off; single-object lookups keep them for index scans.
   */
  setBased?: boolean
  /** one snapshot for the whole transaction, so a helper connection can read the same catalog (see withHelper) */
  repeatableRead?: boolean
}

/** How long a metadata query waits for a lock (e.g. behind a long ALTER TABLE) before giving up. */
const LOCK_TIMEOUT_MS = 3_000
const QUERY_CANCELED = '57014'
const LOCK_NOT_AVAILABLE = '55P03'

export type MetaProject = Pick<ProjectRow, 'ref' | 'status'>

/**
 * Runs `work` in a read-only transaction on one of the project's warm metadata connections (as the tenant's
 * owner). A query that runs too long is cancelled by the server and answered with a clear 504
 * rather than leaving the dashboard waiting.
 */
export async function withMetaClient<T>(
  ctx: AppContext,
  project: MetaProject,
  work: (client: pg.ClientBase) => Promise<T>,
  options: MetaConnectionOptions = {},
): Promise<T> {
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`The project's database is not running (status ${project.status})`)
  }
  const main = await metaPool(ctx, project.ref)
  return inTransaction(main, beginStatement(options), work, options)
}

/**
 * Runs `work` on a second connection that reads the catalog as of `snapshot` (pg_export_snapshot() of a
 * repeatable-read metadata transaction that is still open), so two halves of one list can run at once.
 */
export async function withHelperClient<T>(
  ctx: AppContext,
  ref: string,
  snapshot: string,
  work: (client: pg.ClientBase) => Promise<T>,
  options: MetaConnectionOptions = {},
): Promise<T> {
  const helper = await metaPool(ctx, ref, 'helper')
  return inTransaction(helper, beginStatement({ ...options, repeatableRead: true }, snapshot), work, options)
}

function beginStatement(options: MetaConnectionOptions, snapshot?: string): string {
  const statementTimeoutMs = Math.round(options.statementTimeoutMs ?? PG_META_STATEMENT_TIMEOUT_MS)
  return [
    options.repeatableRead ? 'begin isolation level repeatable read read only' : 'begin read only',
    // must come first in the transaction; the id comes from pg_export_snapshot(), quoted all the same
    ...(snapshot ? [`set transaction snapshot '${snapshot.replaceAll("'", "''")}'`] : []),
    `set local statement_timeout = ${statementTimeoutMs}`,
    `set local lock_timeout = ${Math.min(LOCK_TIMEOUT_MS, statementTimeoutMs)}`,
    `set local enable_nestloop = ${options.setBased ? 'off' : 'on'}`,
  ].join(';')
}

async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.ClientBase) => Promise<T>,
  options: MetaConnectionOptions,
): Promise<T> {
  const client = await beganClient(pool, begin)
  let broken = false
  try {
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true
    })
    throw metaError(error, options.statementTimeoutMs ?? PG_META_STATEMENT_TIMEOUT_MS)
  } finally {
    client.release(broken)
  }
}

/**
 * A pooled connection with the transaction begun. A pooled connection can have died with its server (a restart)
 * without the pool noticing yet: then the first statement fails, and one fresh connection is tried instead.
 */
async function beganClient(pool: pg.Pool, begin: string): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      throw new HttpError(503, `Could not connect to the project's database: ${(error as Error).message}`)
    }
    try {
      await client.query(begin)
      return client
    } catch (error) {
      client.release(true)
      if (attempt >= 2) {
        throw new HttpError(503, `Could not use the project's database: ${(error as Error).message}`)
      }
    }
  }
}

function metaError(error: unknown, statementTimeoutMs: number): unknown {
  const code = (error as { code?: string }).code
  if (code === QUERY_CANCELED) return new HttpError(504, PG_META_TIMEOUT_MESSAGE(statementTimeoutMs / 1000))
  if (code === LOCK_NOT_AVAILABLE) {
    return new HttpError(409, 'Another session holds a lock on this object; try again when its change is done')
  }
  return error
}

/** The single text column of a one-row answer: the JSON the database built ('null' without a row). */
export async function queryJsonText(client: pg.ClientBase, text: string, values: unknown[] = []): Promise<string> {
  const result = await client.query<{ json: string | null }>({ text, values })
  return result.rows[0]?.json ?? 'null'
}

/** A JSON array of the `json` text column of every row, in order. */
export async function queryJsonRows(client: pg.ClientBase, text: string, values: unknown[] = []): Promise<string> {
  const result = await client.query<{ json: string }>({ text, values })
  return `[${result.rows.map((row) => row.json).join(',')}]`
}

/** Two JSON array texts as one. */
export function concatJsonArrays(first: string, second: string): string {
  if (first === '[]') return second
  if (second === '[]') return first
  return `${first.slice(0, -1)},${second.slice(1)}`
}

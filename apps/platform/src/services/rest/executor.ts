import { CSRF_HEADER } from '@pgfleet/contracts'
import type pg from 'pg'
import { withoutPlatformCredentials } from '../../http/platform-credentials'
import type { RequestAuth } from './auth'
import { type BatchResult, runBatch, type Statement } from './batch'
import { preludeStatement } from './ddl-watch'
import { connectionError, isConnectionFailure } from './errors'
import type { ProjectDatabase } from './project-databases'
import type { Queryable, SchemaCache } from './schema-cache'

/**
 * Runs one API request in one transaction on a pooled authenticator connection, with the prelude (role and
 * request GUCs, schema version) first. Three ways, fastest first:
 * - a read with a current schema cache: prelude and statements in one batch, one implicit read-only transaction,
 *   one round trip;
 * - a write with a current cache: BEGIN, prelude and statements in one batch, then COMMIT or ROLLBACK;
 * - otherwise (cold or stale cache, or work that needs results before its next statement): BEGIN and prelude,
 *   load the schema if needed, run the work statement by statement, then COMMIT or ROLLBACK.
 * The batched ways build their SQL from the cached schema before the prelude reports the version; if the
 * version moved, the attempt is discarded (rolled back) and run again the third way.
 */
export interface RequestMeta {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
}

export interface TxOutcome<T> {
  value: T
  /** false rolls back: Prefer tx=rollback, or a singular/max-affected check that failed after writing */
  commit: boolean
}

export interface TxOptions {
  /**
   * A function is asked as each transaction starts, once a pooled connection was found: read-only mode that began
   * while the request waited applies to it
   */
  readOnly: boolean | (() => boolean)
  /** the work sends all its statements before it needs any result, so they can share the prelude's batch */
  singleBatch: boolean
}

export interface Tx extends Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>
}

export type TxWork<T> = (tx: Tx, schema: SchemaCache, db: ProjectDatabase) => Promise<TxOutcome<T>>

/** Postgres' answers when the `_pgfleet` counter was dropped or its grant revoked. */
const WATCH_GONE = new Set(['42P01', '3F000', '42501'])

/** request.headers: the request's headers without the platform's credentials (copied only when it carries some). */
function headersJson(headers: RequestMeta['headers']): string {
  const clean = headers.cookie === undefined && headers[CSRF_HEADER] === undefined
  return JSON.stringify(clean ? headers : withoutPlatformCredentials(headers))
}

/** A shared placeholder: an arrow written in a function is a new (and, under tsx, a newly named) closure per call. */
const noop = () => {}

/** A batched attempt that cannot go on: run the request again the sequential way. */
class Retry extends Error {}

type Attempt<T> = { done: true; value: T } | { done: false }

export async function inProjectTransaction<T>(
  db: ProjectDatabase,
  auth: RequestAuth,
  meta: RequestMeta,
  options: TxOptions,
  work: TxWork<T>,
): Promise<T> {
  if (db.watch !== 'installed') await db.ensureWatch()
  let client: pg.PoolClient
  try {
    client = await db.connect()
  } catch (error) {
    throw connectionError((error as Error).message)
  }
  const values = [
    auth.role,
    auth.claimsJson ?? JSON.stringify(auth.claims),
    typeof auth.claims.sub === 'string' ? auth.claims.sub : '',
    meta.method,
    meta.path,
    headersJson(meta.headers),
  ]
  let discard = false
  try {
    for (let round = 0; round < 3; round++) {
      const cached = round === 0 && options.singleBatch ? db.currentSchema() : null
      const readOnly = typeof options.readOnly === 'function' ? options.readOnly() : options.readOnly
      const attempt = cached
        ? await batched(client, db, values, readOnly, cached, work)
        : await sequential(client, db, values, readOnly, work)
      if (attempt.done) return attempt.value
    }
    throw new Error('The schema kept changing while the request ran')
  } catch (error) {
    if (isConnectionFailure(error)) {
      discard = true
      throw connectionError((error as Error).message)
    }
    throw error
  } finally {
    client.release(discard ? true : undefined)
  }
}

async function batched<T>(
  client: pg.PoolClient,
  db: ProjectDatabase,
  values: unknown[],
  readOnly: boolean,
  cached: { schema: SchemaCache; version: string },
  work: TxWork<T>,
): Promise<Attempt<T>> {
  interface Pending {
    statement: Statement
    resolve(result: pg.QueryResult): void
    reject(error: unknown): void
  }
  const pending: Pending[] = []
  let sent = false
  let flush: () => void = noop
  const ready = new Promise<void>((resolve) => {
    flush = resolve
  })
  const tx: Tx = {
    query(text, params = []) {
      if (!sent) {
        // statements queued in the same synchronous run as the first one join the batch
        if (pending.length === 0) queueMicrotask(flush)
        return new Promise((resolve, reject) => pending.push({ statement: { text, values: params }, resolve, reject }))
      }
      // a read's implicit transaction ended with its batch; a write's explicit one is still open
      if (readOnly) return Promise.reject(new Retry())
      return client.query(text, params as unknown[])
    },
  }
  const outcome = work(tx, cached.schema, db)
  // work that needs no statement (or fails before one) still gets the prelude's version check
  outcome.then(flush, flush)
  await ready
  sent = true
  const head: Statement[] = readOnly ? [] : [{ text: 'BEGIN', values: [] }]
  head.push(preludeStatement(true, readOnly, values))
  const statements = pending.map((p) => ({ ...p.statement, name: db.statementName(p.statement.text, cached.version) }))
  const batch = await runBatch(client, [...head, ...statements])
  const prelude = batch.results[head.length - 1]
  const stale = !prelude || prelude.rows[0]?.version !== cached.version
  if (stale) {
    for (const p of pending) p.reject(new Retry())
    if (!readOnly) await client.query('ROLLBACK')
    if (!prelude && batch.error) handlePreludeError(db, batch.error)
    else db.invalidate()
    return { done: false }
  }
  settlePending(batch, head.length, pending)

  let result: TxOutcome<T>
  try {
    result = await outcome
  } catch (error) {
    if (!readOnly) await client.query('ROLLBACK')
    if (error instanceof Retry) return { done: false }
    throw error
  }
  if (!readOnly) await client.query(result.commit && batch.error === null ? 'COMMIT' : 'ROLLBACK')
  return { done: true, value: result.value }
}

/** Hands each queued statement its result, or the batch's error (the statements after it never ran). */
function settlePending(
  batch: BatchResult,
  offset: number,
  pending: { resolve(result: pg.QueryResult): void; reject(error: unknown): void }[],
): void {
  pending.forEach((p, i) => {
    const result = batch.results[offset + i]
    if (result) {
      const rows = result.rows
      p.resolve({ rows, rowCount: rows.length, command: result.command, oid: 0, fields: [] })
    } else p.reject(batch.error ?? new Error('The statement did not run'))
  })
}

async function sequential<T>(
  client: pg.PoolClient,
  db: ProjectDatabase,
  values: unknown[],
  readOnly: boolean,
  work: TxWork<T>,
): Promise<Attempt<T>> {
  const withVersion = db.watch === 'installed'
  const batch = await runBatch(client, [
    { text: readOnly ? 'BEGIN READ ONLY' : 'BEGIN', values: [] },
    preludeStatement(withVersion, false, values),
  ])
  const prelude = batch.results[1]
  if (!prelude) {
    await client.query('ROLLBACK')
    handlePreludeError(db, batch.error ?? new Error('The request could not start'))
    return { done: false }
  }
  let result: TxOutcome<T>
  try {
    const schema = await db.schemaFor(client, prelude.rows[0]?.version ?? null)
    result = await work(client as Tx, schema, db)
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
  await client.query(result.commit ? 'COMMIT' : 'ROLLBACK')
  return { done: true, value: result.value }
}

/** The user dropped `_pgfleet`: go on without the version and reinstall it for later requests. */
function handlePreludeError(db: ProjectDatabase, error: Error & { code?: string }): void {
  if (!WATCH_GONE.has(error.code ?? '') || db.watch !== 'installed') throw error
  db.watchLost()
}

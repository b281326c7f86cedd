import type { ExportQueryBody, QueryColumn } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { prepareSql } from './prepare'
import { accessFor, asQueryError, assertRunning, leaseFor, sqlProjectFor, typeNameOf, typeNames } from './service'

const EXPORT_CURSOR = 'pgfleet_export'
const EXPORT_DECLARE = `DECLARE ${EXPORT_CURSOR} NO SCROLL CURSOR FOR `
const EXPORT_BATCH_ROWS = 2_000
const rawText = { getTypeParser: () => (value: string) => value }

export interface QueryExport {
  columns: QueryColumn[]
  /** batches of rows, values as Postgres prints them (null for NULL); ends the transaction when done or abandoned */
  batches: AsyncGenerator<(string | null)[][]>
  /** releases the connection when `batches` was never iterated (the response failed before streaming) */
  abandon(): Promise<void>
}

/**
 * A read-only transaction with a cursor declared on the query: the SQL is parsed, planned and checked
 * (one statement, a read, the caller's permissions), and no row is read yet.
 */
async function declareExportCursor(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: ExportQueryBody,
  signal?: AbortSignal,
) {
  const sqlProject = await sqlProjectFor(ctx, userId, ref)
  const access = accessFor(sqlProject, false)
  assertRunning(sqlProject.row)
  const prepared = await prepareSql(body.query, body.parameters, { autoLimit: false })
  const { project, lease } = await leaseFor(
    ctx,
    sqlProject.row,
    access,
    { userId, queryId: body.queryId, signal },
    prepared,
  )
  const { client } = lease
  let released = false
  const release = async (failed: boolean) => {
    if (released) return
    released = true
    await lease.release(failed)
  }
  try {
    await client.query('BEGIN READ ONLY')
    // the extended protocol takes exactly one statement: `select 1; drop table t` is refused, not half-run
    const declare: pg.QueryConfig & { queryMode: 'extended' } = {
      text: EXPORT_DECLARE + prepared.text,
      values: prepared.values,
      queryMode: 'extended',
    }
    await client.query(declare)
  } catch (error) {
    await release(true)
    throw asQueryError(error, prepared, EXPORT_DECLARE)
  }
  return { project, client, release, prepared }
}

/**
 * Checks that a query can be exported (what the download link's GET would answer first) without reading
 * its rows: errors surface while the user still looks at the page, not as a broken download.
 */
export async function checkQueryExport(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: ExportQueryBody,
): Promise<void> {
  const { release } = await declareExportCursor(ctx, userId, ref, body)
  await release(true)
}

/**
 * Opens a cursor on one query, in a read-only transaction: every row once, from one snapshot, fetched
 * batch by batch as the HTTP client reads (each FETCH gets the statement timeout, not the whole download).
 */
export async function openQueryExport(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: ExportQueryBody,
  signal?: AbortSignal,
): Promise<QueryExport> {
  const { project, client, release, prepared } = await declareExportCursor(ctx, userId, ref, body, signal)
  const fetchBatch = () =>
    client.query<(string | null)[]>({
      text: `FETCH FORWARD ${EXPORT_BATCH_ROWS} FROM ${EXPORT_CURSOR}`,
      rowMode: 'array',
      types: rawText,
    })

  let first: pg.QueryArrayResult<(string | null)[]>
  try {
    first = await fetchBatch()
    await typeNames(
      project,
      client,
      first.fields.map((field) => field.dataTypeID),
    )
  } catch (error) {
    await release(true)
    throw asQueryError(error, prepared, EXPORT_DECLARE)
  }

  let started = false
  async function* batches(): AsyncGenerator<(string | null)[][]> {
    started = true
    let failed = true
    try {
      let batch = first
      for (;;) {
        if (batch.rows.length > 0) yield batch.rows
        if (batch.rows.length < EXPORT_BATCH_ROWS) break
        batch = await fetchBatch()
      }
      await client.query('COMMIT')
      failed = false
    } finally {
      await release(failed)
    }
  }

  return {
    columns: first.fields.map((field) => ({
      name: field.name,
      type: typeNameOf(project, field.dataTypeID),
      typeId: field.dataTypeID,
    })),
    batches: batches(),
    async abandon() {
      // a generator that never started cannot run its finally block
      if (!started) await release(true)
    },
  }
}

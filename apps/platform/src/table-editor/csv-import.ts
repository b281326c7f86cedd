import type { Readable } from 'node:stream'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type ImportCsvResponse, NO_PRIMARY_KEY_MESSAGE } from '@pgfleet/contracts'
import { CsvError, parse } from 'csv-parse'
import { from as copyFrom } from 'pg-copy-streams'
import type { AppContext } from '../context'
import { badRequest, HttpError } from '../errors'
import { ident } from '../rest/sql-common'
import { isPostgresError } from '../sql/query-errors'
import { type Caller, rowError, withTable } from './service'
import { columnOf, qualifiedName, type TableShape } from './table-shape'

/**
 * CSV import: the request body is parsed as it arrives and each record is rewritten as one line of COPY's text
 * format, so the file is never held whole and COPY's line numbers are the file's row numbers. One COPY is one
 * statement, so the import is all rows or none. An empty field, quoted or not, is NULL.
 */

/** A single field larger than this is refused: a record is held whole while it is parsed. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024
/** An import's time is the upload's, not the query's: the project's statement timeout would cut big files. */
const IMPORT_TIMEOUT = '30min'
/** From this many imported rows on, the table's statistics are refreshed. */
const ANALYZE_AFTER_ROWS = 1_000
/** Lines are sent to Postgres in chunks of about this size rather than one write per row. */
const CHUNK_CHARS = 64 * 1024

/** A refused import; `row` is the file's row (1 = the first after the header) when one row was at fault. */
export class CsvImportError extends HttpError {
  constructor(
    message: string,
    readonly row?: number,
    statusCode = 400,
  ) {
    super(statusCode, message)
  }
}

export interface ImportOptions {
  /** for each column of the file, the table column it fills, or null to skip it */
  columns: (string | null)[]
  header: boolean
}

/** The table's columns the file fills, in the file's order; each once, each written by the file. */
export function importedColumns(shape: TableShape, columns: (string | null)[]): string[] {
  const names = columns.filter((name): name is string => name !== null)
  const seen = new Set<string>()
  for (const name of names) {
    const column = columnOf(shape, name)
    if (column.generated) throw badRequest(`Column "${name}" is generated: its value cannot be imported`)
    if (seen.has(name)) throw badRequest(`Column "${name}" is mapped twice`)
    seen.add(name)
  }
  if (names.length === 0) throw badRequest('Map at least one column of the file onto the table')
  return names
}

export function copyStatement(shape: TableShape, names: string[]): string {
  return `copy ${qualifiedName(shape)} (${names.map(ident).join(', ')}) from stdin`
}

const SPECIAL = /[\\\n\r\t]/
const SPECIAL_ALL = /[\\\n\r\t]/g
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** A field in COPY's text format: an empty field is NULL (\N), backslashes and line breaks escaped. */
export function copyTextField(field: string | null): string {
  if (field === null || field === '') return '\\N'
  return SPECIAL.test(field) ? field.replace(SPECIAL_ALL, (char) => ESCAPES[char] as string) : field
}

/** Records from csv-parse in, COPY text lines out; counts the rows it passed on. */
export class CopyLines extends Transform {
  rows = 0
  private pending = ''
  private first = true
  private readonly keep: number[]

  constructor(private readonly options: ImportOptions) {
    super({ writableObjectMode: true })
    this.keep = options.columns.flatMap((name, index) => (name === null ? [] : [index]))
  }

  override _transform(record: (string | null)[], _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.first) {
      this.first = false
      if (record.length !== this.options.columns.length) {
        done(
          new CsvImportError(
            `The file has ${record.length} columns but ${this.options.columns.length} were mapped: pick the file again`,
            this.options.header ? undefined : 1,
          ),
        )
        return
      }
      if (this.options.header) {
        done()
        return
      }
    }
    this.rows++
    let line = ''
    for (let i = 0; i < this.keep.length; i++) {
      if (i > 0) line += '\t'
      line += copyTextField(record[this.keep[i] as number] ?? null)
    }
    this.pending += `${line}\n`
    if (this.pending.length < CHUNK_CHARS) {
      done()
      return
    }
    const chunk = this.pending
    this.pending = ''
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    if (this.pending) this.push(this.pending)
    this.pending = ''
    done()
  }
}

/** csv-parse's reader, without a per-field cast (one costs more than the whole parse): empty fields become NULL later. */
export function csvReader() {
  return parse({ bom: true, max_record_size: MAX_RECORD_BYTES, relax_column_count: false })
}

export async function importCsv(
  ctx: AppContext,
  caller: Caller,
  options: ImportOptions,
  body: Readable,
): Promise<ImportCsvResponse> {
  return withTable(ctx, caller, 'write', async (client, shape) => {
    if (shape.kind !== 'r' && shape.kind !== 'p') throw badRequest('Rows can be imported into tables only, not views')
    if (shape.primaryKey.length === 0) throw badRequest(NO_PRIMARY_KEY_MESSAGE)
    const names = importedColumns(shape, options.columns)
    const started = performance.now()
    const lines = new CopyLines(options)
    await client.query(`begin; set local statement_timeout = '${IMPORT_TIMEOUT}'`)
    try {
      const copy = client.query(copyFrom(copyStatement(shape, names)))
      // piped, not put in the pipeline: a failure must not destroy the request (its socket carries the answer)
      const reader = csvReader()
      const onBodyError = (error: Error) => reader.destroy(error)
      body.once('error', onBodyError)
      body.pipe(reader)
      try {
        await pipeline(reader, lines, copy)
      } finally {
        body.unpipe(reader)
        body.off('error', onBodyError)
      }
      await client.query('commit')
      // fresh statistics, so the planner and the grid's estimated count know of the new rows at once
      if (copy.rowCount >= ANALYZE_AFTER_ROWS) await client.query(`analyze ${qualifiedName(shape)}`).catch(() => {})
      return { rows: copy.rowCount, durationMs: Math.round(performance.now() - started) }
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw importError(error, options.header, lines.rows)
    }
  })
}

const COPY_LINE = /\bline (\d+)(?:, column ([^:]+))?/

/**
 * Reads and drops what is left of a refused upload, so the client, still sending, receives the answer instead of
 * a closed connection.
 */
export function drainRequest(body: Readable): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    body.once('end', resolve)
    body.once('close', resolve)
    body.once('error', () => resolve())
    body.resume()
  })
}

/** The failing row and a message a person can act on, whoever refused it: the parser, the mapping or Postgres. */
export function importError(error: unknown, header: boolean, rowsSent: number): unknown {
  if (error instanceof HttpError) return error
  if (error instanceof CsvError) {
    const records = typeof error.records === 'number' ? error.records : rowsSent
    const row = records + 1 - (header ? 1 : 0)
    return new CsvImportError(`Row ${row}: ${error.message.replace(/ on line \d+$/, '')}`, Math.max(row, 1))
  }
  if (isPostgresError(error)) {
    const where = COPY_LINE.exec((error as { where?: string }).where ?? '')
    const converted = rowError(error)
    if (!where || !(converted instanceof HttpError)) return converted
    const row = Number(where[1])
    const column = where[2] ? ` (column ${where[2]})` : ''
    return new CsvImportError(`Row ${row}${column}: ${converted.message}`, row, converted.statusCode)
  }
  return error
}

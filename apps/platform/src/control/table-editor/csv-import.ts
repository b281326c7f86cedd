import { isUtf8 } from 'node:buffer'
import type { Readable } from 'node:stream'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  firstInvalidUtf8,
  type ImportCsvResponse,
  invalidUtf8Message,
  NO_PRIMARY_KEY_MESSAGE,
  quoteIdent,
} from '@pgfleet/contracts'
import { CsvError, parse } from 'csv-parse'
import { from as copyFrom } from 'pg-copy-streams'
import type { AppContext } from '../../context'
import { badRequest, HttpError } from '../../errors'
import { isPostgresError } from '../sql-editor/query-errors'
import { type Caller, rowError, withTable } from './service'
import { columnOf, qualifiedName, type TableShape } from './table-shape'

/**
 * CSV import: the request body is parsed as it arrives and each record is rewritten as one line of COPY's text
 * format, so the file is never held whole and COPY's line numbers are the file's row numbers. One COPY is one
 * statement, so the import is all rows or none. An empty field, quoted or not, is NULL. The file must be UTF-8:
 * fields arrive as bytes and one that is not UTF-8 refuses the file with its row and column (decoding it would
 * put U+FFFD in its place without a word).
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
  return `copy ${qualifiedName(shape)} (${names.map(quoteIdent).join(', ')}) from stdin`
}

const SPECIAL = /[\\\n\r\t]/
const SPECIAL_ALL = /[\\\n\r\t]/g
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** A field in COPY's text format: an empty field is NULL (\N), backslashes and line breaks escaped. */
export function copyTextField(field: string | null): string {
  if (field === null || field === '') return '\\N'
  return SPECIAL.test(field) ? field.replace(SPECIAL_ALL, (char) => ESCAPES[char] as string) : field
}

/** Records from csv-parse in (fields as bytes), COPY text lines out; counts the rows it passed on. */
export class CopyLines extends Transform {
  rows = 0
  private pending = ''
  private first = true
  private titles: (string | undefined)[] = []
  private readonly keep: number[]

  constructor(private readonly options: ImportOptions) {
    super({ writableObjectMode: true })
    this.keep = options.columns.flatMap((name, index) => (name === null ? [] : [index]))
  }

  /** Refuses the record when one of its fields, kept or skipped, is not UTF-8. */
  private invalidField(record: Buffer[], row: number | undefined): CsvImportError | undefined {
    for (let index = 0; index < record.length; index++) {
      const field = record[index] as Buffer
      if (isUtf8(field)) continue
      const message = invalidUtf8Message({
        row,
        column: index + 1,
        title: row === undefined ? undefined : this.titles[index],
        byte: field[firstInvalidUtf8(field, true) ?? 0] as number,
      })
      return new CsvImportError(message, row)
    }
    return undefined
  }

  override _transform(record: Buffer[], _encoding: BufferEncoding, done: TransformCallback): void {
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
        const invalid = this.invalidField(record, undefined)
        if (invalid) {
          done(invalid)
          return
        }
        this.titles = record.map((field) => field.toString('utf8') || undefined)
        done()
        return
      }
    }
    this.rows++
    const invalid = this.invalidField(record, this.rows)
    if (invalid) {
      done(invalid)
      return
    }
    let line = ''
    for (let i = 0; i < this.keep.length; i++) {
      if (i > 0) line += '\t'
      line += copyTextField(record[this.keep[i] as number]?.toString('utf8') ?? null)
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

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * Drops a UTF-8 byte order mark at the start of the file. csv-parse's own `bom` option would switch it to decoding
 * the fields itself, which would turn bytes that are not UTF-8 into U+FFFD before they could be found.
 */
export function utf8BomStripper(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) {
        done(null, chunk)
        return
      }
      head = Buffer.concat([head, chunk])
      if (head.length < UTF8_BOM.length && UTF8_BOM.subarray(0, head.length).equals(head)) {
        done()
        return
      }
      const rest = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head
      head = undefined
      done(null, rest)
    },
    flush(done) {
      if (head?.length) this.push(head)
      head = undefined
      done()
    },
  })
}

/**
 * csv-parse's reader, with fields as bytes (checked and decoded by CopyLines) and without a per-field cast (one
 * costs more than the whole parse): empty fields become NULL later.
 */
export function csvReader() {
  return parse({ bom: false, encoding: null, max_record_size: MAX_RECORD_BYTES, relax_column_count: false })
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
      const bom = utf8BomStripper()
      const reader = csvReader()
      const onBodyError = (error: Error) => bom.destroy(error)
      body.once('error', onBodyError)
      body.pipe(bom)
      try {
        await pipeline(bom, reader, lines, copy)
      } finally {
        body.unpipe(bom)
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

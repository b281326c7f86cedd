import type { CsvFormulaMode, QueryColumn } from '@pgfleet/contracts'
import { cellParser } from './values'

type Batches = AsyncIterable<(string | null)[][]>

const CSV_NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

/** RFC 4180: NULL is an empty field, an empty string is `""`, so the two stay apart. */
export function csvField(value: string | null): string {
  if (value === null) return ''
  if (value === '' || CSV_NEEDS_QUOTES.test(value)) return `"${value.replaceAll('"', '""')}"`
  return value
}

/** What a spreadsheet reads as the start of a formula (a tab or CR before one is skipped by some). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain number is shown as one, whatever its sign: it needs no escape (and `-5` must stay a number). */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `+cmd|...`), written after a `'`:
 * spreadsheets show it as text and do not run it. Plain numbers are left alone.
 */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

const BOOL_TYPE_ID = 16
const BOOL_ARRAY_TYPE_ID = 1000
const BOOL_WORDS: Readonly<Record<string, string>> = { t: 'true', f: 'false' }

/** `{t,NULL,f}` → `{true,NULL,false}`: still an array Postgres reads back. */
const boolArrayText = (text: string) => text.replace(/(?<=[{,])[tf](?=[,}])/g, (letter) => BOOL_WORDS[letter] ?? letter)

/**
 * A CSV cell's text for each column: booleans as the results grid shows them (`true`/`false`, not
 * Postgres' `t`/`f`); every other value as Postgres prints it, so the file imports back unchanged.
 */
export function csvCellText(column: Pick<QueryColumn, 'typeId'>): (text: string) => string {
  if (column.typeId === BOOL_TYPE_ID) return (text) => BOOL_WORDS[text] ?? text
  if (column.typeId === BOOL_ARRAY_TYPE_ID) return boolArrayText
  return (text) => text
}

/**
 * A header line, then one line per row (CRLF). Cells (column names included) that a spreadsheet would run as
 * formulas are escaped unless `formulas` is `keep`.
 */
export async function* csvChunks(
  columns: QueryColumn[],
  batches: Batches,
  formulas: CsvFormulaMode = 'escape',
): AsyncGenerator<string> {
  const cell = formulas === 'keep' ? (text: string) => text : escapeFormula
  yield `${columns.map((column) => csvField(cell(column.name))).join(',')}\r\n`
  const texts = columns.map(csvCellText)
  const field = (value: string | null, index: number) =>
    csvField(value === null ? null : cell((texts[index] ?? String)(value)))
  for await (const rows of batches) {
    let chunk = ''
    for (const row of rows) chunk += `${row.map(field).join(',')}\r\n`
    yield chunk
  }
}

const JSON_TEXT_TYPES = new Set([114, 3802])

/** A JSON array of objects keyed by column name, with the same values as the query route's rows. */
export async function* jsonChunks(columns: QueryColumn[], batches: Batches): AsyncGenerator<string> {
  const keys = columns.map((column) => `${JSON.stringify(column.name)}:`)
  const encoders = columns.map((column) => {
    // json and jsonb arrive as JSON text already
    if (JSON_TEXT_TYPES.has(column.typeId)) return (text: string) => text
    const parse = cellParser(column.typeId)
    return (text: string) => JSON.stringify(parse(text))
  })
  const encodeRow = (row: (string | null)[]) =>
    `{${row.map((value, i) => `${keys[i]}${value === null ? 'null' : (encoders[i] as (text: string) => string)(value)}`).join(',')}}`
  yield '['
  let first = true
  for await (const rows of batches) {
    if (rows.length === 0) continue
    yield `${first ? '\n' : ',\n'}${rows.map(encodeRow).join(',\n')}`
    first = false
  }
  yield '\n]\n'
}

import { z } from 'zod'

/**
 * Importing a CSV file into an existing table. The file's columns are mapped onto the table's by position:
 * `columns[i]` names the table column that the file's column i fills, or is null to skip it. An empty field
 * (quoted or not) is NULL. Rows are numbered from 1, the header
 * (when there is one) not counted, both in the preview and in the server's errors.
 */
export const CSV_IMPORT_MAX_COLUMNS = 1600

const ColumnMapping = z
  .array(z.string().min(1).max(63, 'A column name is at most 63 bytes').nullable())
  .min(1, 'Map at least one column of the file')
  .max(CSV_IMPORT_MAX_COLUMNS, `A file may have at most ${CSV_IMPORT_MAX_COLUMNS} columns`)
  .refine((columns) => columns.some((name) => name !== null), 'Map at least one column of the file onto the table')

/** The mapping travels as JSON in the query string, so any column name (commas included) survives. */
export const ImportCsvQuery = z.object({
  columns: z
    .string()
    .max(200_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: 'columns must be a JSON list of column names (null to skip)' })
        return z.NEVER
      }
    })
    .pipe(ColumnMapping),
  header: z.enum(['true', 'false']).default('true'),
})
export type ImportCsvQuery = z.input<typeof ImportCsvQuery>

export const ImportCsvResponse = z.object({ rows: z.number(), durationMs: z.number() })
export type ImportCsvResponse = z.infer<typeof ImportCsvResponse>

/** The error answer of a refused import: the row (numbered as above) when one row was at fault. */
export const ImportCsvError = z.object({ message: z.string(), row: z.number().optional() })
export type ImportCsvError = z.infer<typeof ImportCsvError>

export const CSV_IMPORT_DENIED_MESSAGE = 'You need additional permissions to import rows into this table'

/** A field as read from the file: null for an empty one. */
export type CsvField = string | null

export interface CsvPreview {
  rows: CsvField[][]
  /** false when the text ended inside a row that continues beyond it (the rows before it are complete) */
  complete: boolean
}

/**
 * The first `maxRows` records of CSV text (comma-separated, double quotes, "" for a quote inside quotes, CRLF or
 * LF). `final` says the text is the whole file; otherwise a record cut by the end of the text is dropped.
 */
export function parseCsv(text: string, maxRows: number, final: boolean): CsvPreview {
  const rows: CsvField[][] = []
  let row: CsvField[] = []
  let field = ''
  let quoted = false
  let inQuotes = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endField = () => {
    row.push(field === '' ? null : field)
    field = ''
    quoted = false
  }
  while (i < text.length && rows.length < maxRows) {
    const char = text[i] as string
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (char === '"') inQuotes = false
      else field += char
      i++
      continue
    }
    if (char === '"') {
      inQuotes = true
      quoted = true
    } else if (char === ',') {
      endField()
    } else if (char === '\n' || char === '\r') {
      endField()
      rows.push(row)
      row = []
      if (char === '\r' && text[i + 1] === '\n') i++
    } else {
      field += char
    }
    i++
  }
  if (rows.length < maxRows && final && !inQuotes && (field !== '' || quoted || row.length > 0)) {
    endField()
    rows.push(row)
  }
  return { rows, complete: final && !inQuotes }
}

/** What a type check needs of a table column. */
export interface CsvTargetColumn {
  name: string
  format: string
  enums: string[]
  is_nullable: boolean
  /** generated columns are computed by the database and refuse values */
  is_generated: boolean
}

const INTEGER_RANGES: Record<string, [bigint, bigint]> = {
  int2: [-32768n, 32767n],
  int4: [-2147483648n, 2147483647n],
  int8: [-9223372036854775808n, 9223372036854775807n],
}
const INTEGER = /^\s*[+-]?\d+\s*$/
const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/
const SPECIAL_NUMBERS = /^\s*[+-]?(nan|infinity|inf)\s*$/i
const BOOLEAN = /^\s*(t|f|true|false|y|yes|n|no|on|off|1|0)\s*$/i
const UUID = /^\s*\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?\s*$/i
const DATE = /^\s*(\d{4,})-(\d{1,2})-(\d{1,2})\s*$/
const TIMESTAMP =
  /^\s*(\d{4,})-(\d{1,2})-(\d{1,2})([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?\s*(Z|[+-]\d{1,2}(:?\d{2})?)?\s*$/i
const DATE_WORDS = /^\s*(infinity|-infinity|now|today|tomorrow|yesterday|epoch)\s*$/i

function validDay(year: string, month: string, day: string): boolean {
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  if (m < 1 || m > 12 || d < 1) return false
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return d <= days
}

/**
 * Why a field cannot go into the column, or undefined when it looks fine. The checks cover the common types;
 * Postgres checks every value again during the import, and any type not listed here is left to it.
 */
export function checkCsvField(column: CsvTargetColumn, field: CsvField): string | undefined {
  if (column.is_generated) return `${column.name} is generated and cannot be written`
  if (field === null) return column.is_nullable ? undefined : `${column.name} cannot be empty (NOT NULL)`
  const { format } = column
  const range = INTEGER_RANGES[format]
  if (range) {
    if (!INTEGER.test(field)) return `"${shorten(field)}" is not a whole number`
    const value = BigInt(field.trim())
    return value < range[0] || value > range[1] ? `${field.trim()} is out of range for ${format}` : undefined
  }
  if (format === 'numeric' || format === 'float4' || format === 'float8') {
    return NUMBER.test(field) || SPECIAL_NUMBERS.test(field) ? undefined : `"${shorten(field)}" is not a number`
  }
  if (format === 'bool') return BOOLEAN.test(field) ? undefined : `"${shorten(field)}" is not true or false`
  if (format === 'uuid') return UUID.test(field) ? undefined : `"${shorten(field)}" is not a UUID`
  if (format === 'json' || format === 'jsonb') {
    try {
      JSON.parse(field)
      return undefined
    } catch {
      return `"${shorten(field)}" is not valid JSON`
    }
  }
  if (format === 'date' || format === 'timestamp' || format === 'timestamptz') {
    if (DATE_WORDS.test(field)) return undefined
    const match = (format === 'date' ? DATE : TIMESTAMP).exec(field)
    if (!match || !validDay(match[1] as string, match[2] as string, match[3] as string)) {
      return `"${shorten(field)}" is not a ${format === 'date' ? 'date (YYYY-MM-DD)' : 'timestamp (YYYY-MM-DD HH:MM:SS)'}`
    }
    return undefined
  }
  if (column.enums.length > 0 && !column.enums.includes(field)) {
    return `"${shorten(field)}" is not one of ${column.enums.join(', ')}`
  }
  return undefined
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

export interface CsvCellProblem {
  /** the row's number (1 = the first row after the header) */
  row: number
  /** the file's column */
  field: number
  message: string
}

/** Every problem of the given rows under a mapping; a row with a wrong number of fields is one problem. */
export function checkCsvRows(
  rows: CsvField[][],
  mapping: (CsvTargetColumn | null)[],
  firstRowNumber = 1,
): CsvCellProblem[] {
  const problems: CsvCellProblem[] = []
  rows.forEach((fields, index) => {
    const row = firstRowNumber + index
    if (fields.length !== mapping.length) {
      problems.push({ row, field: -1, message: `Row ${row} has ${fields.length} fields, not ${mapping.length}` })
      return
    }
    mapping.forEach((column, field) => {
      if (!column) return
      const message = checkCsvField(column, fields[field] ?? null)
      if (message) problems.push({ row, field, message })
    })
  })
  return problems
}

/** The table column each file column fills by default: the one of the same name, ignoring case and spaces. */
export function defaultCsvMapping(header: CsvField[], columns: { name: string }[]): (string | null)[] {
  const byName = new Map(columns.map((column) => [column.name.trim().toLowerCase(), column.name]))
  const used = new Set<string>()
  return header.map((title) => {
    const name = byName.get((title ?? '').trim().toLowerCase())
    if (!name || used.has(name)) return null
    used.add(name)
    return name
  })
}

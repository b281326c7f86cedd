import {
  type CsvCellProblem,
  type CsvField,
  type CsvTargetColumn,
  checkCsvRows,
  defaultCsvMapping,
  findInvalidUtf8InCsv,
  type InvalidUtf8,
  type PgColumn,
  parseCsv,
} from '@pgfleet/contracts'

/** How much of the file's start is read for the preview: the rest is only ever streamed to the server. */
export const PREVIEW_BYTES = 256 * 1024
/** Rows type-checked before the import; the table shows the first PREVIEW_SHOWN_ROWS of them. */
export const PREVIEW_CHECKED_ROWS = 200
export const PREVIEW_SHOWN_ROWS = 20

export interface CsvHead {
  /** the file's first record: its header, or its first row */
  first: CsvField[]
  /** the records after the first */
  rest: CsvField[][]
  /** the whole file was read (it is smaller than PREVIEW_BYTES) */
  whole: boolean
  /** where the part read stops being UTF-8, numbered as the import would with and without a header */
  invalidUtf8?: { header: InvalidUtf8; noHeader: InvalidUtf8 }
}

/**
 * The start of the file, parsed. A record cut by the end of the part read is left out. Bytes that are not UTF-8
 * show as U+FFFD in the preview, and `invalidUtf8` says where the first one is (the import refuses the file).
 */
export async function readCsvHead(file: Blob): Promise<CsvHead> {
  const whole = file.size <= PREVIEW_BYTES
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer())
  const { rows } = parseCsv(new TextDecoder().decode(bytes), PREVIEW_CHECKED_ROWS + 1, whole)
  const [first = [], ...rest] = rows
  const header = findInvalidUtf8InCsv(bytes, whole, true)
  const noHeader = findInvalidUtf8InCsv(bytes, whole, false)
  return { first, rest, whole, invalidUtf8: header && noHeader ? { header, noHeader } : undefined }
}

/** Where the file stops being UTF-8, numbered for the header choice, or undefined when the part read is UTF-8. */
export const invalidUtf8Of = (head: CsvHead, header: boolean): InvalidUtf8 | undefined =>
  header ? head.invalidUtf8?.header : head.invalidUtf8?.noHeader

/** The columns a file can fill: generated ones are computed by the database. */
export const importableColumns = (columns: PgColumn[]) => columns.filter((column) => !column.is_generated)

/** The file's rows as the import will read them, with the header as it is or as "Column N" without one. */
export function previewRows(head: CsvHead, header: boolean): { titles: string[]; rows: CsvField[][] } {
  const rows = header ? head.rest : [head.first, ...head.rest].slice(0, PREVIEW_CHECKED_ROWS)
  const titles = head.first.map((title, index) => (header && title ? title : `Column ${index + 1}`))
  return { titles, rows }
}

export function initialMapping(head: CsvHead, header: boolean, columns: PgColumn[]): (string | null)[] {
  const importable = importableColumns(columns)
  if (header) return defaultCsvMapping(head.first, importable)
  // without a header, the file's columns are taken to be the table's, in order
  return head.first.map((_, index) => importable[index]?.name ?? null)
}

export function previewProblems(rows: CsvField[][], mapping: (string | null)[], columns: PgColumn[]): CsvCellProblem[] {
  const byName = new Map(columns.map((column) => [column.name, column]))
  const targets = mapping.map((name): CsvTargetColumn | null => (name === null ? null : (byName.get(name) ?? null)))
  return checkCsvRows(rows, targets)
}

import { parseCsv } from './csv-import'

/**
 * CSV files are read as UTF-8 and nothing else. A byte sequence that is not UTF-8 would otherwise become U+FFFD
 * (the replacement character) without a word, and the import would store text that differs from the file's.
 * Both the dashboard (on the part it previews) and the server (on the whole file) refuse such a file and say where.
 */

export interface InvalidUtf8 {
  /** the row as the import numbers it (1 = the first row after the header), or undefined for the header itself */
  row: number | undefined
  /** the file's column, from 1 */
  column: number
  /** the column's title in the header, when the file has one */
  title?: string
  /** the first byte of the sequence that is not UTF-8 */
  byte: number
}

export const INVALID_UTF8_HINT = 'Save the file as UTF-8 (for example "CSV UTF-8" in a spreadsheet) and pick it again.'

export function invalidUtf8Message({ row, column, title, byte }: InvalidUtf8): string {
  const where = row === undefined ? 'The header' : `Row ${row}`
  const name = title ? ` (${title})` : ''
  const hex = byte.toString(16).toUpperCase().padStart(2, '0')
  return `${where}, column ${column}${name}: the file is not valid UTF-8 here (byte 0x${hex}). ${INVALID_UTF8_HINT}`
}

/** The length of the UTF-8 sequence a lead byte starts, or 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1
  if (lead >= 0xc2 && lead <= 0xdf) return 2
  if (lead >= 0xe0 && lead <= 0xef) return 3
  if (lead >= 0xf0 && lead <= 0xf4) return 4
  return 0
}

/** Whether `byte` may follow `lead` as the second byte (no overlong forms, surrogates or code points past U+10FFFF). */
function validSecond(lead: number, byte: number): boolean {
  if (lead === 0xe0) return byte >= 0xa0 && byte <= 0xbf
  if (lead === 0xed) return byte >= 0x80 && byte <= 0x9f
  if (lead === 0xf0) return byte >= 0x90 && byte <= 0xbf
  if (lead === 0xf4) return byte >= 0x80 && byte <= 0x8f
  return byte >= 0x80 && byte <= 0xbf
}

/**
 * The offset of the first byte sequence that is not UTF-8, or undefined when there is none. With `final` false the
 * bytes are the start of a longer file: a sequence cut by their end is not counted.
 */
export function firstInvalidUtf8(bytes: Uint8Array, final: boolean): number | undefined {
  let i = 0
  while (i < bytes.length) {
    const lead = bytes[i] as number
    const length = sequenceLength(lead)
    if (length === 0) return i
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return final ? i : undefined
      const byte = bytes[i + k] as number
      if (k === 1 ? !validSecond(lead, byte) : byte < 0x80 || byte > 0xbf) return i
    }
    i += length
  }
  return undefined
}

/**
 * The record (0 = the file's first line, header or not) and field (from 0) that CSV text reaches at its end,
 * read as `parseCsv` reads it: a line break inside quotes does not end a record.
 */
export function csvPositionAtEnd(text: string): { record: number; field: number } {
  let record = 0
  let field = 0
  let inQuotes = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') i++
      else if (char === '"') inQuotes = false
    } else if (char === '"') {
      inQuotes = true
    } else if (char === ',') {
      field++
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      record++
      field = 0
    }
  }
  return { record, field }
}

/**
 * Where the first byte sequence that is not UTF-8 is in a CSV file's bytes (all of it, or its start when `final`
 * is false), or undefined when they are all UTF-8.
 */
export function findInvalidUtf8InCsv(bytes: Uint8Array, final: boolean, header: boolean): InvalidUtf8 | undefined {
  const offset = firstInvalidUtf8(bytes, final)
  if (offset === undefined) return undefined
  // TextDecoder drops a leading BOM, as the import does
  const before = new TextDecoder('utf-8').decode(bytes.subarray(0, offset))
  const { record, field } = csvPositionAtEnd(before)
  const title = header && record > 0 ? parseCsv(before, 1, false).rows[0]?.[field] : undefined
  return {
    row: header ? (record === 0 ? undefined : record) : record + 1,
    column: field + 1,
    title: title ?? undefined,
    byte: bytes[offset] as number,
  }
}

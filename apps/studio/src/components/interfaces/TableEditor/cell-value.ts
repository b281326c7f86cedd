import type { CellValue } from '@pgfleet/contracts'
import { INVALID_INTEGER, INVALID_JSON, INVALID_NUMBER } from './table-editor.constants'

/** Which editor a column gets, from its type. */
export type EditorKind = 'text' | 'integer' | 'number' | 'boolean' | 'json' | 'date' | 'datetime' | 'time' | 'enum'

/** What the editors need to know of a column (a subset of the metadata's column). */
export interface EditableColumn {
  name: string
  format: string
  enums: string[]
  is_nullable: boolean
}

const INTEGER_TYPES = new Set(['int2', 'int4', 'int8', 'oid'])
const DECIMAL_TYPES = new Set(['numeric', 'float4', 'float8', 'money'])
const DATETIME_TYPES = new Set(['timestamp', 'timestamptz'])
const TIME_TYPES = new Set(['time', 'timetz'])

export function editorKind(column: Pick<EditableColumn, 'format' | 'enums'>): EditorKind {
  const { format } = column
  if (column.enums.length > 0) return 'enum'
  if (format === 'bool') return 'boolean'
  if (INTEGER_TYPES.has(format)) return 'integer'
  if (DECIMAL_TYPES.has(format)) return 'number'
  if (format === 'json' || format === 'jsonb') return 'json'
  if (format === 'date') return 'date'
  if (DATETIME_TYPES.has(format)) return 'datetime'
  if (TIME_TYPES.has(format)) return 'time'
  return 'text'
}

const INTEGER_PATTERN = /^[+-]?\d+$/
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/
const SPECIAL_FLOATS = new Set(['nan', 'infinity', '+infinity', '-infinity'])

/**
 * Why the text cannot be saved in a column of this kind, or undefined when it can. NULL is always fine here
 * (a NOT NULL column refuses it in the editor itself). The database checks again; this catches typos early.
 */
export function validateCell(kind: EditorKind, value: CellValue): string | undefined {
  if (value === null) return undefined
  const text = value.trim()
  switch (kind) {
    case 'integer':
      return INTEGER_PATTERN.test(text) ? undefined : INVALID_INTEGER
    case 'number':
      return NUMBER_PATTERN.test(text) || SPECIAL_FLOATS.has(text.toLowerCase()) ? undefined : INVALID_NUMBER
    case 'json':
      try {
        JSON.parse(value)
        return undefined
      } catch (error) {
        return INVALID_JSON(error instanceof Error ? error.message : String(error))
      }
    default:
      return undefined
  }
}

/** The value sent for a cell: numbers without surrounding spaces, everything else exactly as typed. */
export function cellToSend(kind: EditorKind, value: CellValue): CellValue {
  if (value === null) return null
  return kind === 'integer' || kind === 'number' ? value.trim() : value
}

/** JSON shown indented in its editor, and saved as typed. */
export function jsonForEditing(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2)
  } catch {
    return value
  }
}

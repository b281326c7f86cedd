import { CsvError } from 'csv-parse'
import { describe, expect, it } from 'vitest'
import { badRequest } from '../../errors'
import { CsvImportError, copyStatement, copyTextField, importError, importedColumns } from './csv-import'
import type { TableShape } from './table-shape'

const shape: TableShape = {
  id: 1,
  schema: 'my "schema"',
  name: 'Robert"); drop table students;--',
  kind: 'r',
  primaryKey: ['id'],
  columns: [
    { name: 'id', format: 'int8', notNull: true, generated: false },
    { name: 'na"me', format: 'text', notNull: false, generated: false },
    { name: 'upper', format: 'text', notNull: false, generated: true },
  ],
}

describe('the COPY statement', () => {
  it('quotes every identifier, hostile ones included', () => {
    expect(copyStatement(shape, ['na"me', 'id'])).toBe(
      'copy "my ""schema"""."Robert""); drop table students;--" ("na""me", "id") from stdin',
    )
  })

  it('takes only the table’s own writable columns, each once', () => {
    expect(importedColumns(shape, [null, 'id', 'na"me'])).toEqual(['id', 'na"me'])
    expect(() => importedColumns(shape, ['id", "x'])).toThrow(/does not exist/)
    expect(() => importedColumns(shape, ['upper'])).toThrow(/generated/)
    expect(() => importedColumns(shape, ['id', 'id'])).toThrow(/mapped twice/)
    expect(() => importedColumns(shape, [null])).toThrow(/at least one/)
  })
})

describe('COPY text fields', () => {
  it('writes empty as NULL and escapes what would break a line or a field', () => {
    expect(copyTextField(null)).toBe('\\N')
    expect(copyTextField('')).toBe('\\N')
    expect(copyTextField('\\N')).toBe('\\\\N')
    expect(copyTextField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e')
    expect(copyTextField('plain, "quoted"')).toBe('plain, "quoted"')
  })
})

describe('import errors', () => {
  it('names the row of a Postgres refusal from its COPY line, with the column', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "x"'), {
      code: '22P02',
      severity: 'ERROR',
      where: 'COPY people, line 12, column age: "x"',
    })
    const error = importError(pgError, true, 20) as CsvImportError
    expect(error).toBeInstanceOf(CsvImportError)
    expect(error.row).toBe(12)
    expect(error.statusCode).toBe(400)
    expect(error.message).toBe('Row 12 (column age): invalid input syntax for type integer: "x"')
  })

  it('names the row of a parse error, not counting the header', () => {
    const parseError = new CsvError(
      'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH',
      'Invalid Record Length: expect 2, got 3 on line 4',
    )
    Object.assign(parseError, { records: 3 })
    const error = importError(parseError, true, 2) as CsvImportError
    expect(error.row).toBe(3)
    expect(error.message).toBe('Row 3: Invalid Record Length: expect 2, got 3')
  })

  it('passes the platform’s own refusals through', () => {
    const refused = badRequest('no')
    expect(importError(refused, true, 0)).toBe(refused)
  })
})

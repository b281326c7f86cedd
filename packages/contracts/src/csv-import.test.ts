import { describe, expect, it } from 'vitest'
import {
  type CsvTargetColumn,
  checkCsvField,
  checkCsvRows,
  defaultCsvMapping,
  ImportCsvQuery,
  parseCsv,
} from './csv-import'

const column = (format: string, extra: Partial<CsvTargetColumn> = {}): CsvTargetColumn => ({
  name: 'c',
  format,
  enums: [],
  is_nullable: true,
  is_generated: false,
  ...extra,
})

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM, empty fields as null', () => {
    const text = '\ufeffa,b,c\r\n1,"x, ""y""","two\nlines"\n,"",z'
    expect(parseCsv(text, 10, true)).toEqual({
      rows: [
        ['a', 'b', 'c'],
        ['1', 'x, "y"', 'two\nlines'],
        [null, null, 'z'],
      ],
      complete: true,
    })
  })

  it('stops at maxRows, and drops a record cut by the end of a partial text', () => {
    expect(parseCsv('a\nb\nc\n', 2, true).rows).toEqual([['a'], ['b']])
    expect(parseCsv('a,b\n1,2\n3,"unfinished', 10, false)).toEqual({
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
      complete: false,
    })
    expect(parseCsv('', 10, true).rows).toEqual([])
  })
})

describe('checkCsvField', () => {
  it('checks integers with their range, numbers, booleans, UUIDs, JSON, dates, timestamps and enums', () => {
    expect(checkCsvField(column('int4'), ' 42 ')).toBeUndefined()
    expect(checkCsvField(column('int4'), '4.5')).toMatch(/not a whole number/)
    expect(checkCsvField(column('int2'), '40000')).toMatch(/out of range for int2/)
    expect(checkCsvField(column('int8'), '9223372036854775807')).toBeUndefined()
    expect(checkCsvField(column('int8'), '9223372036854775808')).toMatch(/out of range/)
    expect(checkCsvField(column('numeric'), '-1.5e3')).toBeUndefined()
    expect(checkCsvField(column('float8'), 'NaN')).toBeUndefined()
    expect(checkCsvField(column('numeric'), '1,5')).toMatch(/not a number/)
    expect(checkCsvField(column('bool'), 'yes')).toBeUndefined()
    expect(checkCsvField(column('bool'), 'maybe')).toMatch(/not true or false/)
    expect(checkCsvField(column('uuid'), '6f1c2a3e-0b1d-4c5e-8f9a-0b1c2d3e4f5a')).toBeUndefined()
    expect(checkCsvField(column('uuid'), 'nope')).toMatch(/not a UUID/)
    expect(checkCsvField(column('jsonb'), '{"a": [1]}')).toBeUndefined()
    expect(checkCsvField(column('json'), '{a: 1}')).toMatch(/not valid JSON/)
    expect(checkCsvField(column('date'), '2024-02-29')).toBeUndefined()
    expect(checkCsvField(column('date'), '2023-02-29')).toMatch(/not a date/)
    expect(checkCsvField(column('timestamptz'), '2024-05-01T10:00:00.5+02:00')).toBeUndefined()
    expect(checkCsvField(column('timestamp'), '2024-13-01 10:00')).toMatch(/not a timestamp/)
    expect(checkCsvField(column('mood', { enums: ['sad', 'ok'] }), 'ok')).toBeUndefined()
    expect(checkCsvField(column('mood', { enums: ['sad', 'ok'] }), 'glad')).toMatch(/not one of sad, ok/)
    expect(checkCsvField(column('text'), 'anything at all')).toBeUndefined()
  })

  it('refuses an empty field in a NOT NULL column and any value for a generated one', () => {
    expect(checkCsvField(column('text', { is_nullable: false }), null)).toMatch(/NOT NULL/)
    expect(checkCsvField(column('text'), null)).toBeUndefined()
    expect(checkCsvField(column('text', { is_generated: true }), 'x')).toMatch(/generated/)
  })

  it('quotes a hostile value shortened, never more', () => {
    const message = checkCsvField(column('int4'), `<img src=x onerror=alert(1)>${'x'.repeat(100)}`) ?? ''
    expect(message.length).toBeLessThan(80)
  })
})

describe('checkCsvRows and defaultCsvMapping', () => {
  it('numbers rows from 1 after the header and reports ragged rows once', () => {
    const mapping = [column('int4', { name: 'n' }), null]
    expect(checkCsvRows([['1', 'x'], ['y', 'x'], ['1']], mapping)).toEqual([
      { row: 2, field: 0, message: '"y" is not a whole number' },
      { row: 3, field: -1, message: 'Row 3 has 1 fields, not 2' },
    ])
  })

  it('maps header names onto columns ignoring case and spaces, each column once', () => {
    expect(defaultCsvMapping([' ID', 'Name', 'name', 'other', null], [{ name: 'id' }, { name: 'name' }])).toEqual([
      'id',
      'name',
      null,
      null,
      null,
    ])
  })
})

describe('ImportCsvQuery', () => {
  it('takes the mapping as JSON and refuses anything else', () => {
    expect(ImportCsvQuery.parse({ columns: '["a",null,"b,c"]' })).toEqual({
      columns: ['a', null, 'b,c'],
      header: 'true',
    })
    expect(ImportCsvQuery.safeParse({ columns: 'a,b' }).success).toBe(false)
    expect(ImportCsvQuery.safeParse({ columns: '[null]' }).success).toBe(false)
    expect(ImportCsvQuery.safeParse({ columns: '[{"a":1}]' }).success).toBe(false)
    expect(ImportCsvQuery.safeParse({ columns: JSON.stringify(['x'.repeat(64)]) }).success).toBe(false)
  })
})

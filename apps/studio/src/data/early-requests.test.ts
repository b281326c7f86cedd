// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PG_META_CONNECTION_HEADER, TABLE_ROWS_PAGE_SIZE } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { earlyRequestKey, takeEarlyRequest } from './early-requests'

const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8')

describe('early requests', () => {
  it("index.html sends the table editor's first requests with the bodies the app would send", () => {
    // the bodies getRowsPage and getRowCount send for a table opened without sort or filters
    const rows = JSON.stringify({ sort: undefined, filters: [], after: undefined, limit: TABLE_ROWS_PAGE_SIZE })
    const count = JSON.stringify({ filters: [] })
    expect(indexHtml).toContain(`'${rows}'`)
    expect(indexHtml).toContain(`'${count}'`)
    expect(indexHtml).toContain(`'${PG_META_CONNECTION_HEADER}': ''`)
  })

  it('hands each early request over once, only for the same method, path and body', async () => {
    const response = Promise.resolve(new Response('{}'))
    window.__pgfleetEarly = { [earlyRequestKey('POST', '/a', '{"x":1}')]: response }
    expect(takeEarlyRequest('POST', '/a', '{"x":2}')).toBeUndefined()
    expect(takeEarlyRequest('GET', '/a', '{"x":1}')).toBeUndefined()
    expect(takeEarlyRequest('POST', '/a', '{"x":1}')).toBe(response)
    expect(takeEarlyRequest('POST', '/a', '{"x":1}')).toBeUndefined()
  })
})

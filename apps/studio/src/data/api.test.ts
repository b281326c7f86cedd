import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, routeUrl } from './api'
import { ApiError } from './fetcher'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('routeUrl', () => {
  it('fills each path parameter, encoded as one segment', () => {
    expect(
      routeUrl('DELETE /platform/projects/{ref}/extensions/{name}', { params: { ref: 'abc', name: 'uuid-ossp/x y' } }),
    ).toBe('/platform/projects/abc/extensions/uuid-ossp%2Fx%20y')
    expect(
      routeUrl('PATCH /platform/organizations/{slug}/members/{userId}', { params: { slug: 'o', userId: 7 } }),
    ).toBe('/platform/organizations/o/members/7')
  })

  it('adds the query, leaving absent values out', () => {
    expect(
      routeUrl('GET /platform/pg-meta/{ref}/tables', {
        params: { ref: 'abc' },
        query: { include_columns: 'false', included_schemas: undefined },
      }),
    ).toBe('/platform/pg-meta/abc/tables?include_columns=false')
    expect(routeUrl('GET /platform/profile', {})).toBe('/platform/profile')
  })

  it('refuses an empty parameter rather than calling another route', () => {
    expect(() => routeUrl('GET /platform/projects/{ref}', { params: { ref: '' } })).toThrow(/ref/)
  })
})

describe('api', () => {
  it("sends the route's method and JSON body to its URL and answers the parsed body", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ statement_timeout_ms: 5000 }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const answer = await api('PATCH /platform/projects/{ref}/settings/sql', {
      params: { ref: 'abc' },
      body: { statement_timeout_ms: 5000 },
    })
    expect(answer.statement_timeout_ms).toBe(5000)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/platform/projects/abc/settings/sql')
    expect(init.method).toBe('PATCH')
    expect(init.body).toBe('{"statement_timeout_ms":5000}')
  })

  it('throws the error answer as ApiError, like fetcher', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Nope' }), { status: 409 }))
    const call = api('GET /platform/projects/{ref}/infrastructure', { params: { ref: 'abc' } })
    await expect(call).rejects.toBeInstanceOf(ApiError)
    await expect(call).rejects.toMatchObject({ status: 409, message: 'Nope' })
  })
})

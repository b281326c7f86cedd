import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../data/query-client'
import { tableRowsKeys } from '../data/table-rows/keys'
import { EARLY_DATA_WAIT_MS, preloadTableEditor } from './table-editor-preload'

vi.mock('./preloadable-pages', () => ({
  projectLayoutCode: { preload: () => Promise.resolve() },
  projectEditorCode: { preload: () => Promise.resolve() },
}))

afterEach(() => {
  vi.unstubAllGlobals()
})

const page = { columns: [{ name: 'id', format: 'int8' }], rows: [['1']], next: null, primaryKey: ['id'], durationMs: 1 }

describe('preloadTableEditor', () => {
  it("puts a table's first rows, description and count under the keys the table view reads", async () => {
    const asked: string[] = []
    vi.stubGlobal('document', { cookie: '' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url)
        const body = url.endsWith('/rows/query')
          ? page
          : url.endsWith('/count')
            ? { count: 1, estimate: false }
            : { id: 42 }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    const queryClient = createQueryClient()
    preloadTableEditor('/project/abc/editor/42', queryClient)
    await vi.waitFor(() => expect(asked).toHaveLength(5))
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(tableRowsKeys.pages('abc', 42, { sort: undefined, filters: [] }))).toEqual({
        pages: [page],
        pageParams: [undefined],
      }),
    )
    expect(queryClient.getQueryData(tableRowsKeys.count('abc', 42, []))).toEqual({ count: 1, estimate: false })
    expect(asked.sort()).toEqual([
      '/platform/pg-meta/abc/tables/42',
      '/platform/pg-meta/abc/tables/42/rows/count',
      '/platform/pg-meta/abc/tables/42/rows/query',
      '/platform/profile',
      '/platform/projects/abc',
    ])
  })

  it('asks for nothing on other pages, and for no rows without a table', () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { cookie: '' })
    preloadTableEditor('/project/abc/sql', createQueryClient())
    preloadTableEditor('/project/abc/editor/12x', createQueryClient())
    expect(fetch).not.toHaveBeenCalled()
    preloadTableEditor('/project/abc/editor', createQueryClient())
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0])).sort()).toEqual([
      '/platform/profile',
      '/platform/projects/abc',
    ])
  })

  it('is ready to render once the first data is in, or after a short wait when an answer is slow', async () => {
    vi.stubGlobal('document', { cookie: '' })
    const answer = () => new Response(JSON.stringify(page), { status: 200 })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer()),
    )
    const quick = preloadTableEditor('/project/abc/editor/42', createQueryClient())
    const started = performance.now()
    await quick
    expect(performance.now() - started).toBeLessThan(EARLY_DATA_WAIT_MS)

    // the rows never answer: the page renders anyway, with its skeleton
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.endsWith('/rows/query') ? new Promise<Response>(() => {}) : Promise.resolve(answer()),
      ),
    )
    const slow = preloadTableEditor('/project/abc/editor/42', createQueryClient())
    const slowStarted = performance.now()
    await slow
    expect(performance.now() - slowStarted).toBeGreaterThanOrEqual(EARLY_DATA_WAIT_MS - 5)
    expect(preloadTableEditor('/project/abc/sql', createQueryClient())).toBeUndefined()
  })
})

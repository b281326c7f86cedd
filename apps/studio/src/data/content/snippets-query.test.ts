import type { Snippet, SnippetList } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { fetchAllSnippetPages, SNIPPETS_PAGE_SIZE, type SnippetsPage } from './snippets-query'

const snippet = (n: number) => ({ id: `s${n}`, name: `query ${n}` }) as Snippet

/** A server holding `items`, answering pages like GET .../content?limit&offset does. */
function fakeServer(items: Snippet[]) {
  const asked: SnippetsPage[] = []
  const fetchPage = async (page: SnippetsPage): Promise<SnippetList> => {
    asked.push(page)
    return { data: items.slice(page.offset, page.offset + page.limit), total: items.length }
  }
  return { asked, fetchPage }
}

describe('fetchAllSnippetPages', () => {
  it('reads page after page of 1,000 until the total is reached', async () => {
    const items = Array.from({ length: 2_500 }, (_, i) => snippet(i))
    const server = fakeServer(items)
    const all = await fetchAllSnippetPages(server.fetchPage)
    expect(server.asked).toEqual([
      { limit: SNIPPETS_PAGE_SIZE, offset: 0 },
      { limit: SNIPPETS_PAGE_SIZE, offset: 1000 },
      { limit: SNIPPETS_PAGE_SIZE, offset: 2000 },
    ])
    expect(all.total).toBe(2_500)
    expect(all.data.map((item) => item.id)).toEqual(items.map((item) => item.id))
  })

  it('asks once when everything fits, and once for an empty list', async () => {
    const exact = fakeServer(Array.from({ length: 1_000 }, (_, i) => snippet(i)))
    expect((await fetchAllSnippetPages(exact.fetchPage)).data).toHaveLength(1_000)
    expect(exact.asked).toHaveLength(1)
    const empty = fakeServer([])
    expect(await fetchAllSnippetPages(empty.fetchPage)).toEqual({ data: [], total: 0 })
    expect(empty.asked).toHaveLength(1)
  })

  it('keeps an item that moved between two pages once', async () => {
    const items = Array.from({ length: 5 }, (_, i) => snippet(i))
    const pages: SnippetList[] = [
      { data: items.slice(0, 2), total: 5 },
      // s1 is answered again: something before it was deleted and re-created meanwhile
      { data: [items[1], items[2]] as Snippet[], total: 5 },
      { data: items.slice(3, 5), total: 5 },
    ]
    const all = await fetchAllSnippetPages(async ({ offset }) => pages[offset / 2] ?? { data: [], total: 5 }, 2)
    expect(all.data.map((item) => item.id)).toEqual(['s0', 's1', 's2', 's3', 's4'])
  })

  it('stops at a short page even when the total promised more (items deleted meanwhile)', async () => {
    let calls = 0
    const all = await fetchAllSnippetPages(async ({ offset }) => {
      calls++
      return offset === 0 ? { data: [snippet(0), snippet(1)], total: 10 } : { data: [snippet(2)], total: 10 }
    }, 2)
    expect(calls).toBe(2)
    expect(all.data).toHaveLength(3)
  })

  it('fails when a page fails, so the list is never silently partial', async () => {
    const failing = async ({ offset }: SnippetsPage) => {
      if (offset > 0) throw new Error('Unable to reach the pgfleet server')
      return { data: [snippet(0), snippet(1)], total: 4 }
    }
    await expect(fetchAllSnippetPages(failing, 2)).rejects.toThrow('Unable to reach the pgfleet server')
  })
})

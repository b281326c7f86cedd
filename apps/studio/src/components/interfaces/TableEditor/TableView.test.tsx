// @vitest-environment jsdom
import type { PgColumn, PgTable } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TableView } from './TableView'

// The grid uses iterator helpers (`.map().toArray()` on iterators), which browsers have and Node 20 lacks.
const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as {
  map?: unknown
  toArray?: unknown
}
iteratorPrototype.toArray ??= function (this: Iterable<unknown>) {
  return [...this]
}
iteratorPrototype.map ??= function* (this: Iterable<unknown>, mapper: (value: unknown, index: number) => unknown) {
  let index = 0
  for (const value of this) yield mapper(value, index++)
}

const column = (name: string, format: string, extra: Partial<PgColumn> = {}): PgColumn => ({
  id: `7.${name}`,
  table_id: 7,
  ordinal_position: 1,
  name,
  data_type: format,
  format,
  default_value: null,
  is_nullable: true,
  is_primary_key: false,
  is_identity: false,
  identity_generation: null,
  is_generated: false,
  is_unique: false,
  is_updatable: true,
  enums: [],
  check: null,
  comment: null,
  ...extra,
})

const TABLE: PgTable = {
  id: 7,
  schema: 'public',
  name: 'people',
  rls_enabled: false,
  rls_forced: false,
  replica_identity: 'DEFAULT',
  bytes: 0,
  size: '0 bytes',
  live_rows_estimate: 2,
  dead_rows_estimate: 0,
  comment: null,
  primary_keys: [],
  relationships: [],
  columns: [
    column('id', 'int8', { is_primary_key: true, is_nullable: false }),
    column('name', 'text'),
    column('active', 'bool'),
  ],
}
const ROWS_COLUMNS = [
  { name: 'id', format: 'int8' },
  { name: 'name', format: 'text' },
  { name: 'active', format: 'bool' },
]

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | undefined
let patchAnswer: (body: { key: unknown; values: Record<string, string | null> }) => { status: number; body: unknown }
const requests: { method: string; url: string; body: unknown }[] = []

/** The platform as the dashboard sees it: fetch answers by method and path. */
function platform(canWrite: boolean): Handler {
  return (url, init) => {
    const method = init.method ?? 'GET'
    const path = url.split('?')[0]
    if (path === '/platform/profile/permissions') {
      const permissions = [{ action: 'sql:read', resource: 'database' }]
      if (canWrite) permissions.push({ action: 'sql:write', resource: 'database' })
      return {
        status: 200,
        body: [{ organization_id: 1, organization_slug: 'org', role_name: 'Developer', permissions }],
      }
    }
    if (path === '/platform/pg-meta/ref/tables/7') return { status: 200, body: TABLE }
    if (path === '/platform/pg-meta/ref/tables/7/rows/query') {
      return {
        status: 200,
        body: {
          columns: ROWS_COLUMNS,
          rows: [
            ['1', 'Ada', 'true'],
            ['2', null, 'false'],
          ],
          next: null,
          primaryKey: ['id'],
          durationMs: 1,
        },
      }
    }
    if (path === '/platform/pg-meta/ref/tables/7/rows/count')
      return { status: 200, body: { count: 2, estimate: false } }
    if (path === '/platform/pg-meta/ref/tables/7/rows' && method === 'PATCH') {
      return patchAnswer(JSON.parse(String(init.body)))
    }
    return undefined
  }
}

function renderView(canWrite: boolean) {
  const handler = platform(canWrite)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const answer = handler(url, init) ?? { status: 404, body: { message: `no route ${url}` } }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <TableView projectRef="ref" tableId={7} orgSlug="org" />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  requests.length = 0
  // the grid draws only the rows and columns that fit its size, which jsdom reports as 0
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
  // the grid scrolls a clicked cell into view, which jsdom cannot do
  Element.prototype.scrollIntoView ??= () => {}
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

// by text, not by role: role queries over a whole grid are slow in jsdom
const GRID_CELL = { selector: '[role="gridcell"]' }
const findCell = (text: string) => screen.findByText(text, GRID_CELL, { timeout: 5000 })
const queryCell = (text: string) => screen.queryByText(text, GRID_CELL)

describe('TableView', () => {
  it('edits a cell by primary key and shows the stored row', async () => {
    patchAnswer = () => ({ status: 200, body: { columns: ROWS_COLUMNS, row: ['1', 'Ada Lovelace', 'true'] } })
    const user = renderView(true)
    await findCell('Ada')
    expect(screen.getByTestId('row-count').textContent).toBe('2 rows')
    await user.dblClick(await findCell('Ada'))
    const dialog = await screen.findByTestId('edit-cell-dialog')
    const input = within(dialog).getByRole('textbox', { name: 'name' })
    await user.clear(input)
    await user.type(input, 'Ada Lovelace')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByTestId('edit-cell-dialog')).toBeNull())
    expect(await findCell('Ada Lovelace')).toBeTruthy()
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      key: { id: '1' },
      values: { name: 'Ada Lovelace' },
    })
  })

  it("keeps the editor open with the server's reason, and puts the old value back, when a save is refused", async () => {
    patchAnswer = () => ({ status: 409, body: { message: 'duplicate key value violates unique constraint' } })
    const user = renderView(true)
    await user.dblClick(await findCell('Ada'))
    const dialog = await screen.findByTestId('edit-cell-dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'name' }), '!')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/duplicate key value/)
    expect(await findCell('Ada')).toBeTruthy()
    expect(queryCell('Ada!')).toBeNull()
  })

  it('shows a Read-only member the rows without write controls', async () => {
    const user = renderView(false)
    await findCell('Ada')
    expect(await screen.findByTestId('read-only-notice')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Insert row' })).toBeNull()
    expect(within(screen.getByTestId('rows-grid')).queryAllByRole('checkbox')).toHaveLength(0)
    await user.dblClick(await findCell('Ada'))
    expect(screen.queryByTestId('edit-cell-dialog')).toBeNull()
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)
  })
})

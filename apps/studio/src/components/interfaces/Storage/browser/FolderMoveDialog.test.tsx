// @vitest-environment jsdom
import type { MoveFolderResponse } from '@pgfleet/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FolderMoveDialog, folderDestination } from './FolderMoveDialog'

/** The folder move dialog against a fake move-folder route: dry run, confirmation, conflicts and failures. */
type Answer = { status: number; body: unknown }
const calls: { from: string; to: string; dryRun: boolean }[] = []

function stubMoveRoute(answer: (body: { from: string; to: string; dryRun: boolean }) => Answer) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      expect(url).toBe('/platform/storage/ref/buckets/docs/objects/move-folder')
      const body = JSON.parse(String(init.body))
      calls.push(body)
      const { status, body: json } = answer(body)
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
}

const checked = (to: string, extra: Partial<MoveFolderResponse> = {}): MoveFolderResponse => ({
  from: 'photos/2024',
  to,
  objects: 3,
  moved: 0,
  conflicts: [],
  conflictCount: 0,
  ...extra,
})

function renderDialog(mode: 'rename' | 'move' = 'rename') {
  const onMoved = vi.fn()
  const onCancel = vi.fn()
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <FolderMoveDialog
        mode={mode}
        folder="photos/2024"
        target={{ ref: 'ref', bucketId: 'docs' }}
        onCancel={onCancel}
        onMoved={onMoved}
      />
    </QueryClientProvider>,
  )
  return { onMoved, onCancel }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  calls.length = 0
})

describe('folderDestination', () => {
  it('renames within the parent and moves under the typed folder, keeping the name', () => {
    expect(folderDestination('rename', 'photos/2024', ' old ')).toBe('photos/old')
    expect(folderDestination('move', 'photos/2024', '/archive/')).toBe('archive/2024')
    expect(folderDestination('move', 'photos/2024', '')).toBe('2024')
  })
})

describe('FolderMoveDialog', () => {
  it('checks first, shows how many objects move, then moves them on confirmation', async () => {
    stubMoveRoute((body) => ({ status: 200, body: checked(body.to, { moved: body.dryRun ? 0 : 3 }) }))
    const { onMoved } = renderDialog()
    const input = screen.getByTestId('folder-move-target')
    await userEvent.clear(input)
    await userEvent.type(input, 'old')
    await userEvent.click(screen.getByTestId('folder-move-next'))
    expect((await screen.findByTestId('folder-move-summary')).textContent).toContain(
      'Move 3 objects from photos/2024/ to photos/old/?',
    )
    expect(calls).toEqual([{ from: 'photos/2024', to: 'photos/old', dryRun: true }])
    await userEvent.click(screen.getByTestId('folder-move-confirm'))
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith(checked('photos/old', { moved: 3 })))
    expect(calls[1]).toEqual({ from: 'photos/2024', to: 'photos/old', dryRun: false })
  })

  it('refuses a bad name without calling the server', async () => {
    stubMoveRoute(() => ({ status: 500, body: {} }))
    renderDialog('move')
    const input = screen.getByTestId('folder-move-target')
    await userEvent.clear(input)
    await userEvent.type(input, 'a/../b')
    await userEvent.click(screen.getByTestId('folder-move-next'))
    expect(await screen.findByText(/cannot be "\." or "\.\."/)).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('lists the conflicts the dry run found and offers no way to move', async () => {
    const conflicts = [{ path: 'archive/2024/a.txt', message: 'An object already exists at archive/2024/a.txt' }]
    stubMoveRoute((body) => ({ status: 200, body: checked(body.to, { conflicts, conflictCount: 2 }) }))
    renderDialog('move')
    const input = screen.getByTestId('folder-move-target')
    await userEvent.clear(input)
    await userEvent.type(input, 'archive')
    await userEvent.click(screen.getByTestId('folder-move-next'))
    expect((await screen.findByTestId('folder-move-blocked')).textContent).toContain(
      'Nothing can be moved: 2 of 3 objects cannot move to archive/2024/',
    )
    expect(screen.getByTestId('folder-move-conflicts').textContent).toContain(
      'An object already exists at archive/2024/a.txt',
    )
    expect(screen.getByTestId('folder-move-conflicts').textContent).toContain('and 1 more')
    expect(screen.queryByTestId('folder-move-confirm')).toBeNull()
  })

  it('says nothing was moved when the move fails, and lets the user try again', async () => {
    stubMoveRoute((body) =>
      body.dryRun
        ? { status: 200, body: checked(body.to) }
        : { status: 500, body: { message: 'Nothing was moved: the files of photos/2024 could not be moved' } },
    )
    const { onMoved } = renderDialog()
    const input = screen.getByTestId('folder-move-target')
    await userEvent.clear(input)
    await userEvent.type(input, 'old')
    await userEvent.click(screen.getByTestId('folder-move-next'))
    await userEvent.click(await screen.findByTestId('folder-move-confirm'))
    expect((await screen.findByTestId('folder-move-failure')).textContent).toContain('Nothing was moved')
    expect(screen.getByTestId('folder-move-confirm').textContent).toContain('Try again')
    expect(onMoved).not.toHaveBeenCalled()
  })
})

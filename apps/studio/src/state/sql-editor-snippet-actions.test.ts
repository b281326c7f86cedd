import { REQUIRED_VALUE_MESSAGES, type Snippet, type UpdateSnippetBody } from '@pgfleet/contracts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  FAILED_TO_CREATE_QUERY,
  SNIPPET_SAVE_DEBOUNCE_MS,
} from '../components/interfaces/SQLEditor/sql-editor.constants'
import { changesMoreThanSql, newDraft } from './sql-editor-save-queue'
import { flushSaves } from './sql-editor-save-runner'
import {
  checkNewSnippetContext,
  createSnippet,
  editSnippet,
  editSnippetSql,
  type NewSnippetContext,
  saveDraftNow,
  setCurrentUserId,
} from './sql-editor-snippet-actions'
import { get, set } from './sql-editor-state'

// the content API, as the save queue calls it: answers the saved snippet
const saveSnippet = vi.hoisted(() => vi.fn())
vi.mock('../data/content/snippet-save-mutation', () => ({ saveSnippet }))

const REF = 'abcdefghijklmnopqrst'
const USER_ID = 7
const complete: NewSnippetContext = { projectRef: REF, project: { ref: REF }, profile: { id: USER_ID } }

function savedFrom({ id, body }: { id: string; body: UpdateSnippetBody }): Snippet {
  return {
    id,
    type: 'sql',
    name: body.name ?? '',
    description: body.description ?? '',
    visibility: body.visibility ?? 'user',
    project_id: 1,
    owner_id: USER_ID,
    owner: { id: USER_ID, username: 'me' },
    folder_id: body.folder_id ?? null,
    favorite: body.favorite ?? false,
    inserted_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: (body.version ?? 0) + 1,
    content: { schema_version: '1.0', content_id: id, sql: body.content?.sql ?? '', favorite: false },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  saveSnippet.mockReset()
  saveSnippet.mockImplementation(async (variables: { id: string; body: UpdateSnippetBody }) => savedFrom(variables))
  set({ drafts: {}, typing: {}, results: {}, scratch: {}, readOnlyProjects: {}, panelSnippetIds: {} })
  setCurrentUserId(USER_ID)
})
afterEach(() => {
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
})

describe('creating a snippet needs a project ref, project and profile', () => {
  it.each<[string, NewSnippetContext, string]>([
    ['no ref', { ...complete, projectRef: undefined }, REQUIRED_VALUE_MESSAGES.projectRefCamel],
    ['an empty ref', { ...complete, projectRef: '' }, 'projectRef is required'],
    ['no project', { ...complete, project: undefined }, 'Project is required'],
    ["another ref's project", { ...complete, project: { ref: 'tsrqponmlkjihgfedcba' } }, 'Project is required'],
    ['no profile', { ...complete, profile: undefined }, 'Profile is required'],
    ['nothing', { projectRef: undefined, project: undefined, profile: undefined }, 'projectRef is required'],
  ])('%s', (_, context, message) => {
    expect(() => checkNewSnippetContext(context)).toThrow(message)
    expect(() => createSnippet(context, { name: 'New Query' })).toThrow(message)
    expect(get().drafts).toEqual({})
    // the toast the dashboard shows for it
    expect(FAILED_TO_CREATE_QUERY(message)).toBe(`Failed to create new query: ${message}`)
  })

  it('creates a draft owned by the signed-in user when all three are there', () => {
    const id = createSnippet(complete, { name: 'New Query' })
    expect(get().drafts[id]).toMatchObject({ id, projectRef: REF, owner_id: USER_ID, name: 'New Query', sql: '' })
  })

  it("refuses 'Save as snippet' of the panel's query without them, before anything changes", async () => {
    const id = 'panel-draft'
    set({ drafts: { [id]: newDraft(id, REF, { name: 'New Query' }) }, scratch: { [id]: true } })
    await expect(saveDraftNow(id, { ...complete, profile: undefined })).rejects.toThrow('Profile is required')
    expect(get().scratch[id]).toBe(true)
    expect(saveSnippet).not.toHaveBeenCalled()
    await expect(saveDraftNow(id, complete)).resolves.toMatchObject({ id, status: 'IDLE', baseVersion: 1 })
    expect(saveSnippet).toHaveBeenCalledTimes(1)
  })
})

describe('queueing rule: a change of the SQL text alone does not queue a save', () => {
  const savedDraft = async () => {
    const id = createSnippet(complete, { name: 'Query' })
    editSnippet(id, { name: 'Saved query' })
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS)
    expect(saveSnippet).toHaveBeenCalledTimes(1)
    saveSnippet.mockClear()
    return id
  }

  it('tells SQL-only patches apart', () => {
    const draft = newDraft('d', REF, { name: 'Query', sql: 'select 1' })
    expect(changesMoreThanSql(draft, { sql: 'select 2' })).toBe(false)
    expect(changesMoreThanSql(draft, { sql: 'select 2', name: 'Query' })).toBe(false)
    expect(changesMoreThanSql(draft, { sql: 'select 2', name: 'Other' })).toBe(true)
    expect(changesMoreThanSql(draft, { favorite: true })).toBe(true)
  })

  it('the generic path applies and backs up the text but does not queue it; a flush still saves it', async () => {
    const id = await savedDraft()
    editSnippet(id, { sql: 'select 42' })
    expect(get().drafts[id]?.sql).toBe('select 42')
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS * 5)
    expect(saveSnippet).not.toHaveBeenCalled()
    // never lost: the text rides on the next save (here the flush on blur / page hide)
    flushSaves({ id })
    await vi.advanceTimersByTimeAsync(0)
    expect(saveSnippet).toHaveBeenCalledTimes(1)
    expect(saveSnippet.mock.calls[0]?.[0].body.content.sql).toBe('select 42')
  })

  it('the editor path queues its text explicitly, 1 s after the last change', async () => {
    const id = await savedDraft()
    editSnippetSql(id, 'select 1')
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS - 100)
    editSnippetSql(id, 'select 12')
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS - 100)
    expect(saveSnippet).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(100)
    expect(saveSnippet).toHaveBeenCalledTimes(1)
    expect(saveSnippet.mock.calls[0]?.[0].body.content.sql).toBe('select 12')
    expect(get().drafts[id]?.status).toBe('IDLE')
  })

  it('any other change queues by itself and carries the text along', async () => {
    const id = await savedDraft()
    editSnippet(id, { sql: 'select 3', favorite: true })
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS)
    expect(saveSnippet).toHaveBeenCalledTimes(1)
    expect(saveSnippet.mock.calls[0]?.[0].body).toMatchObject({ favorite: true, content: { sql: 'select 3' } })
  })

  it('a change that changes nothing queues nothing', async () => {
    const id = await savedDraft()
    editSnippet(id, { name: 'Saved query' })
    editSnippetSql(id, '')
    await vi.advanceTimersByTimeAsync(SNIPPET_SAVE_DEBOUNCE_MS * 2)
    expect(saveSnippet).not.toHaveBeenCalled()
  })
})

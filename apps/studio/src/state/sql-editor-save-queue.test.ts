import { SNIPPET_CONFLICT_MESSAGE, type Snippet } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  applyEdit,
  backupOf,
  beginSave,
  canStartSave,
  draftFromServer,
  isDirty,
  isForeignDraft,
  isRetryableStatus,
  keepMine,
  mergeServerSnippet,
  newDraft,
  restoreBackup,
  retryDelayMs,
  saveBody,
  saveConflicted,
  saveFailed,
  saveIndicator,
  saveSucceeded,
  takeTheirs,
} from './sql-editor-save-queue'

const ID = '6f1c1c63-3c57-4d4f-9e62-1f0d6a1f8f11'

function snippet(overrides: Partial<Snippet> = {}, sql = 'select 1'): Snippet {
  return {
    id: ID,
    type: 'sql',
    name: 'Query',
    description: '',
    visibility: 'user',
    project_id: 1,
    owner_id: 7,
    owner: { id: 7, username: 'me' },
    folder_id: null,
    favorite: false,
    inserted_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 3,
    content: { schema_version: '1.0', content_id: ID, sql, favorite: false },
    ...overrides,
  }
}

describe('save queue state machine', () => {
  it('starts IDLE and clean from the server', () => {
    const draft = draftFromServer(snippet(), 'ref')
    expect(draft.status).toBe('IDLE')
    expect(isDirty(draft)).toBe(false)
    expect(canStartSave(draft)).toBe(false)
    expect(saveIndicator(draft, false)).toBe('saved')
  })

  it('says unsaved from the first keystroke, before the text reaches the draft', () => {
    expect(saveIndicator(draftFromServer(snippet(), 'ref'), true)).toBe('unsaved')
  })

  it('an edit makes it dirty; an edit that changes nothing does not', () => {
    const draft = draftFromServer(snippet(), 'ref')
    expect(applyEdit(draft, { sql: 'select 1' })).toBe(draft)
    const edited = applyEdit(draft, { sql: 'select 2' })
    expect(isDirty(edited)).toBe(true)
    expect(canStartSave(edited)).toBe(true)
    expect(saveIndicator(edited, false)).toBe('unsaved')
  })

  it('IDLE → UPDATING → IDLE, with the version it edited', () => {
    const edited = applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'select 2' })
    const { draft: saving, body } = beginSave(edited)
    expect(saving.status).toBe('UPDATING')
    expect(body.version).toBe(3)
    expect(body.content?.sql).toBe('select 2')
    expect(canStartSave(saving)).toBe(false)
    expect(saveIndicator(saving, false)).toBe('saving')
    const saved = saveSucceeded(saving, snippet({ version: 4 }, 'select 2'))
    expect(saved.status).toBe('IDLE')
    expect(saved.baseVersion).toBe(4)
    expect(isDirty(saved)).toBe(false)
  })

  it('edits made while a save runs stay dirty after it lands', () => {
    const { draft: saving } = beginSave(applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'select 2' }))
    const typedMeanwhile = applyEdit(saving, { sql: 'select 3' })
    const saved = saveSucceeded(typedMeanwhile, snippet({ version: 4 }, 'select 2'))
    expect(saved.sql).toBe('select 3')
    expect(isDirty(saved)).toBe(true)
    expect(canStartSave(saved)).toBe(true)
    expect(saveBody(saved).version).toBe(4)
  })

  it('IDLE → UPDATING → UPDATING_FAILED keeps the text and counts attempts', () => {
    const { draft: saving } = beginSave(applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'select 2' }))
    const failed = saveFailed(saving, 'Unable to reach the pgfleet server', true)
    expect(failed.status).toBe('UPDATING_FAILED')
    expect(failed.sql).toBe('select 2')
    expect(failed.attempts).toBe(1)
    expect(isDirty(failed)).toBe(true)
    expect(canStartSave(failed)).toBe(true)
    expect(saveIndicator(failed, false)).toBe('failed')
    const again = saveFailed(beginSave(failed).draft, 'down', true)
    expect(again.attempts).toBe(2)
    expect(saveSucceeded(beginSave(again).draft, snippet({ version: 4 })).attempts).toBe(0)
  })

  it('a new snippet is sent without a version (PUT creates it) and gets one once saved', () => {
    const draft = applyEdit(newDraft(ID, 'ref', { name: 'New Query' }), { sql: 'select 1' })
    expect(draft.baseVersion).toBeNull()
    expect(saveBody(draft)).not.toHaveProperty('version')
    expect(saveBody(draft)).toMatchObject({ id: ID, name: 'New Query', visibility: 'user', folder_id: null })
    const saved = saveSucceeded(beginSave(draft).draft, snippet({ version: 1 }))
    expect(saved.baseVersion).toBe(1)
  })

  it('a conflict waits for the user: no save starts until they choose', () => {
    const { draft: saving } = beginSave(applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'mine' }))
    const theirs = snippet({ version: 5, name: 'Theirs' }, 'theirs')
    const conflicted = saveConflicted(saving, theirs)
    expect(conflicted.status).toBe('UPDATING_FAILED')
    expect(conflicted.error).toBe(SNIPPET_CONFLICT_MESSAGE)
    expect(canStartSave(conflicted)).toBe(false)
    expect(saveIndicator(conflicted, false)).toBe('conflict')

    const mine = keepMine(conflicted)
    expect(mine.sql).toBe('mine')
    expect(mine.baseVersion).toBe(5)
    expect(canStartSave(mine)).toBe(true)

    const taken = takeTheirs(conflicted)
    expect(taken.sql).toBe('theirs')
    expect(taken.name).toBe('Theirs')
    expect(taken.baseVersion).toBe(5)
    expect(isDirty(taken)).toBe(false)
    expect(taken.textEpoch).toBe(conflicted.textEpoch + 1)
  })

  it('text replaced from outside the editor bumps the epoch; typed text does not', () => {
    const draft = draftFromServer(snippet(), 'ref')
    expect(applyEdit(draft, { sql: 'typed' }).textEpoch).toBe(0)
    expect(applyEdit(draft, { sql: 'template' }, { external: true }).textEpoch).toBe(1)
  })

  it('a refetched snippet replaces a clean draft, never a dirty one', () => {
    const clean = draftFromServer(snippet(), 'ref')
    const newer = snippet({ version: 4 }, 'select 9')
    expect(mergeServerSnippet(clean, newer, 'ref').sql).toBe('select 9')
    const dirty = applyEdit(clean, { sql: 'typing' })
    expect(mergeServerSnippet(dirty, newer, 'ref')).toBe(dirty)
    expect(mergeServerSnippet(clean, snippet({ version: 3 }, 'old'), 'ref')).toBe(clean)
  })

  it("saves only the signed-in user's snippets", () => {
    const draft = draftFromServer(snippet({ owner_id: 7 }), 'ref')
    expect(isForeignDraft(draft, 7)).toBe(false)
    expect(isForeignDraft(draft, 8)).toBe(true)
    expect(isForeignDraft(draft, null)).toBe(false)
    expect(isForeignDraft(newDraft(ID, 'ref', { name: 'New Query' }), 8)).toBe(false)
  })

  it('backs off exponentially with a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ])
  })

  it('retries network and server failures, not refusals', () => {
    expect([0, 408, 429, 500, 503].every(isRetryableStatus)).toBe(true)
    expect([400, 403, 404, 409].some(isRetryableStatus)).toBe(false)
  })

  it('a backup brings unsaved text back after a reload, based on the version it edited', () => {
    const edited = applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'unsaved text' })
    const backup = backupOf(edited, 1)
    const restored = restoreBackup(backup, snippet({ version: 3 }))
    expect(restored.sql).toBe('unsaved text')
    expect(isDirty(restored)).toBe(true)
    expect(restored.baseVersion).toBe(3)
    // the server moved on meanwhile: the save will conflict and ask
    const moved = restoreBackup(backup, snippet({ version: 6 }, 'other'))
    expect(saveBody(moved).version).toBe(3)
  })

  it('a backup of a query never saved restores as new', () => {
    const backup = backupOf(applyEdit(newDraft(ID, 'ref', { name: 'New Query' }), { sql: 'x' }), 1)
    const restored = restoreBackup(backup, undefined)
    expect(restored.baseVersion).toBeNull()
    expect(restored.sql).toBe('x')
    expect(isDirty(restored)).toBe(true)
  })

  it('a backup equal to the server is clean', () => {
    const backup = backupOf(draftFromServer(snippet(), 'ref'), 1)
    expect(isDirty(restoreBackup(backup, snippet()))).toBe(false)
  })

  it('a backup whose save landed as the page closed is clean, at the newer version', () => {
    const edited = applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'select 2' })
    const restored = restoreBackup(backupOf(edited, 1), snippet({ version: 4 }, 'select 2'))
    expect(isDirty(restored)).toBe(false)
    expect(restored.baseVersion).toBe(4)
  })

  it('a conflict with the very same text is no conflict', () => {
    const { draft: saving } = beginSave(applyEdit(draftFromServer(snippet(), 'ref'), { sql: 'same' }))
    const resolved = saveConflicted(saving, snippet({ version: 9 }, 'same'))
    expect(resolved.conflict).toBeNull()
    expect(resolved.status).toBe('IDLE')
    expect(resolved.baseVersion).toBe(9)
    expect(isDirty(resolved)).toBe(false)
  })
})

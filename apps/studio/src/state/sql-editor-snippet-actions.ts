import type { Snippet } from '@pgfleet/contracts'
import { NEW_QUERY_NAME, SNIPPET_SAVE_DEBOUNCE_MS } from '../components/interfaces/SQLEditor/sql-editor.constants'
import { uuidv4 } from '../lib/uuid'
import { backupFor, readBackups, syncBackup, writeBackups } from './sql-editor-backup'
import {
  applyEdit,
  type DraftBackup,
  isDirty,
  keepMine,
  mergeServerSnippet,
  newDraft,
  restoreBackup,
  type SnippetDraft,
  type SnippetFields,
  takeTheirs,
} from './sql-editor-save-queue'
import { clearTimer, runSave, schedule } from './sql-editor-save-runner'
import { get, set, setDraft } from './sql-editor-state'

// ---- actions ----

/** A snippet read from the server; unsaved work here (or in a backup from an earlier visit) wins. */
export function loadSnippet(projectRef: string, snippet: Snippet) {
  // keystrokes not yet handed over would be lost if the text were replaced now; the next read catches up
  if (get().typing[snippet.id]) return
  const existing = get().drafts[snippet.id]
  const backup = existing ? undefined : backupFor(snippet.id)
  const draft = backup ? restoreBackup(backup, snippet) : mergeServerSnippet(existing, snippet, projectRef)
  if (draft !== existing) set((state) => ({ drafts: { ...state.drafts, [snippet.id]: draft } }))
  if (backup && isDirty(draft)) schedule(snippet.id, 0)
}

/** A snippet the server does not know (yet): a new query, or one restored from a backup. */
export function addDraft(draft: SnippetDraft) {
  set((state) => ({ drafts: { ...state.drafts, [draft.id]: draft } }))
  if (isDirty(draft)) {
    syncBackup(draft.id)
    schedule(draft.id, SNIPPET_SAVE_DEBOUNCE_MS)
  }
}

export function createDraft(
  id: string,
  projectRef: string,
  fields: Partial<SnippetFields> & Pick<SnippetFields, 'name'>,
) {
  const draft = newDraft(id, projectRef, fields)
  // a new query with text (a template, the assistant's SQL) is saved like an edit
  addDraft(fields.sql ? applyEdit({ ...draft, sql: '' }, { sql: fields.sql }) : draft)
}

/** The right-hand panel's query: a draft that is only saved once the user asks ('Save as snippet'). */
export function panelDraftId(projectRef: string): string {
  const existing = get().panelSnippetIds[projectRef]
  if (existing && get().drafts[existing]) return existing
  const id = uuidv4()
  set((state) => ({
    drafts: { ...state.drafts, [id]: newDraft(id, projectRef, { name: NEW_QUERY_NAME }) },
    scratch: { ...state.scratch, [id]: true },
    panelSnippetIds: { ...state.panelSnippetIds, [projectRef]: id },
  }))
  return id
}

/** Starts a fresh query in the right-hand panel. */
export function resetPanelDraft(projectRef: string): string {
  set((state) => {
    const { [projectRef]: _, ...rest } = state.panelSnippetIds
    return { panelSnippetIds: rest }
  })
  return panelDraftId(projectRef)
}

/**
 * Turns a scratch draft into a saved snippet now. Resolves with the saved draft, or rejects with the
 * reason the save failed (the draft then stays queued and retried like any other).
 */
export async function saveDraftNow(id: string): Promise<SnippetDraft> {
  set((state) => {
    const { [id]: _, ...scratch } = state.scratch
    return { scratch }
  })
  const draft = get().drafts[id]
  if (draft && !isDirty(draft) && draft.baseVersion === null) {
    setDraft(id, (current) => ({ ...current, revision: current.revision + 1 }))
  }
  syncBackup(id)
  await runSave(id)
  const after = get().drafts[id]
  if (!after) throw new Error('The query is gone')
  if (after.status === 'UPDATING_FAILED') throw new Error(after.error ?? 'The query could not be saved')
  return after
}

export function restoreDraftFromBackup(backup: DraftBackup) {
  if (get().drafts[backup.id]) return
  addDraft(restoreBackup(backup, undefined))
}

/** Every change of a snippet goes through here and is saved 1 s after the last one. */
export function editSnippet(id: string, patch: Partial<SnippetFields>, options: { external?: boolean } = {}) {
  const before = get().drafts[id]
  if (!before) return
  setDraft(id, (draft) => applyEdit(draft, patch, options))
  if (patch.sql !== undefined) stopTyping(id)
  if (get().drafts[id] === before) return
  syncBackup(id)
  schedule(id, SNIPPET_SAVE_DEBOUNCE_MS)
}

/** The first keystroke: the editor says 'unsaved' before its debounced text arrives. */
export function startTyping(id: string) {
  if (get().typing[id]) return
  set((state) => ({ typing: { ...state.typing, [id]: true } }))
}

function stopTyping(id: string) {
  if (!get().typing[id]) return
  set((state) => {
    const { [id]: _, ...typing } = state.typing
    return { typing }
  })
}

export function resolveConflict(id: string, choice: 'mine' | 'theirs') {
  setDraft(id, (draft) => (choice === 'mine' ? keepMine(draft) : takeTheirs(draft)))
  syncBackup(id)
  if (choice === 'mine') void runSave(id)
}

export function setCurrentUserId(userId: number) {
  if (get().currentUserId !== userId) set({ currentUserId: userId })
}

export function setProjectReadOnly(projectRef: string, readOnly: boolean) {
  if (Boolean(get().readOnlyProjects[projectRef]) === readOnly) return
  set((state) => {
    const { [projectRef]: _, ...rest } = state.readOnlyProjects
    return { readOnlyProjects: readOnly ? { ...rest, [projectRef]: true } : rest }
  })
}

/** A deleted snippet: its draft, pending save, backup and results go with it. */
export function forgetSnippet(id: string) {
  clearTimer(id)
  set((state) => {
    const { [id]: _draft, ...drafts } = state.drafts
    const { [id]: _results, ...results } = state.results
    const { [id]: _typing, ...typing } = state.typing
    return { drafts, results, typing }
  })
  const backups = readBackups()
  if (backups[id]) {
    delete backups[id]
    writeBackups(backups)
  }
}

/**
 * A deleted folder's snippets moved up to its parent on the server (without a new version): drafts here
 * follow, without counting it as an edit, so their next save does not name the folder that is gone.
 */
export function detachFolder(folderId: string, parentId: string | null) {
  set((state) => {
    let changed = false
    const drafts = { ...state.drafts }
    for (const draft of Object.values(state.drafts)) {
      if (draft.folder_id !== folderId) continue
      drafts[draft.id] = { ...draft, folder_id: parentId }
      changed = true
    }
    return changed ? { drafts } : state
  })
}

import type { QueryErrorResponse, RunQueryResponse, Snippet } from '@pgfleet/contracts'
import { create } from 'zustand'
import {
  KEEPALIVE_MAX_BODY_BYTES,
  NEW_QUERY_NAME,
  RESULT_HISTORY_MAX_ENTRIES,
  SAVE_RETRY_BASE_DELAY_MS,
  SAVE_RETRY_MAX_DELAY_MS,
  SNIPPET_SAVE_DEBOUNCE_MS,
} from '../components/interfaces/SQLEditor/sql-editor.constants'
import { saveSnippet } from '../data/content/snippet-save-mutation'
import { getErrorMessage, isApiError } from '../data/fetcher'
import { uuidv4 } from '../lib/uuid'
import {
  applyEdit,
  backupOf,
  beginSave,
  canStartSave,
  type DraftBackup,
  isDirty,
  isForeignDraft,
  isRetryableStatus,
  keepMine,
  mergeServerSnippet,
  newDraft,
  restoreBackup,
  retryDelayMs,
  type SnippetDraft,
  type SnippetFields,
  saveConflicted,
  saveFailed,
  saveSucceeded,
  takeTheirs,
} from './sql-editor-save-queue'

/** One run of a snippet's SQL (spec: rows, optional error, autoLimit), newest first in the history. */
export type ResultEntry = {
  id: string
  ranAt: number
  sql: string
  /** the values bound to its `:name` placeholders */
  parameters: Record<string, string>
  rowLimit: number
  response?: RunQueryResponse
  error?: { title: string; message: string; details?: QueryErrorResponse }
}

type RunningQuery = { queryId: string; abort: AbortController; startedAt: number }

type SqlEditorState = {
  drafts: Record<string, SnippetDraft>
  /** typed in the editor and not yet handed to the draft (the 300 ms editor debounce) */
  typing: Record<string, true>
  results: Record<string, ResultEntry[]>
  running: Record<string, RunningQuery>
  /** projects where the user may not create content: nothing is sent */
  readOnlyProjects: Record<string, true>
  /** drafts of the right-hand panel not saved as snippets (yet): never sent */
  scratch: Record<string, true>
  /** the right-hand panel's query, per project */
  panelSnippetIds: Record<string, string>
  /** the signed-in user: only their own snippets are sent (someone else's shared snippet can be run, not saved) */
  currentUserId: number | null
}

export const useSqlEditorStore = create<SqlEditorState>()(() => ({
  drafts: {},
  typing: {},
  results: {},
  running: {},
  readOnlyProjects: {},
  scratch: {},
  panelSnippetIds: {},
  currentUserId: null,
}))

const BACKUP_STORAGE_KEY = 'pgfleet.sql-editor.unsaved'

type SaveListener = (projectRef: string, snippet: Snippet) => void
const saveListeners = new Set<SaveListener>()
/** Editors hand over their pending (debounced) text when a flush needs it now. */
const pendingCommits = new Set<() => void>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()

const get = useSqlEditorStore.getState
const set = useSqlEditorStore.setState

function setDraft(id: string, update: (draft: SnippetDraft) => SnippetDraft) {
  set((state) => {
    const draft = state.drafts[id]
    if (!draft) return state
    const next = update(draft)
    return next === draft ? state : { drafts: { ...state.drafts, [id]: next } }
  })
}

// ---- localStorage backup: unsaved work survives a reload, a crash, or a save that never landed ----

function readBackups(): Record<string, DraftBackup> {
  if (typeof localStorage === 'undefined') return {}
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(BACKUP_STORAGE_KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, DraftBackup>) : {}
  } catch {
    return {}
  }
}

function writeBackups(backups: Record<string, DraftBackup>) {
  if (typeof localStorage === 'undefined') return
  try {
    if (Object.keys(backups).length === 0) localStorage.removeItem(BACKUP_STORAGE_KEY)
    else localStorage.setItem(BACKUP_STORAGE_KEY, JSON.stringify(backups))
  } catch {
    // storage full or disabled: the save queue still runs, only the reload safety net is lost
  }
}

function syncBackup(id: string) {
  if (get().scratch[id]) return
  const draft = get().drafts[id]
  // nothing of it will ever be saved: keeping a copy would only pile up
  if (draft && (isForeignDraft(draft, get().currentUserId) || get().readOnlyProjects[draft.projectRef])) return
  const backups = readBackups()
  if (draft && isDirty(draft)) backups[id] = backupOf(draft, Date.now())
  else if (backups[id]) delete backups[id]
  else return
  writeBackups(backups)
}

export function backupFor(id: string): DraftBackup | undefined {
  return readBackups()[id]
}

/** Unsaved drafts of a project left by an earlier visit (new queries never saved included). */
export function backupsOfProject(projectRef: string): DraftBackup[] {
  return Object.values(readBackups()).filter((backup) => backup.projectRef === projectRef)
}

// ---- the queue ----

function clearTimer(id: string) {
  clearTimeout(timers.get(id))
  timers.delete(id)
}

function schedule(id: string, delayMs: number) {
  clearTimer(id)
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id)
      void runSave(id)
    }, delayMs),
  )
}

function savingAllowed(draft: SnippetDraft) {
  const state = get()
  return (
    !state.readOnlyProjects[draft.projectRef] && !state.scratch[draft.id] && !isForeignDraft(draft, state.currentUserId)
  )
}

async function runSave(id: string, { keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
  const draft = get().drafts[id]
  if (!draft || !canStartSave(draft)) return
  // who is signed in decides whose snippets are saved: wait until it is known
  if (get().currentUserId === null) {
    schedule(id, SNIPPET_SAVE_DEBOUNCE_MS)
    return
  }
  if (!savingAllowed(draft)) return
  clearTimer(id)
  const started = beginSave(draft)
  const useKeepalive = keepalive && JSON.stringify(started.body).length < KEEPALIVE_MAX_BODY_BYTES
  setDraft(id, () => started.draft)
  try {
    const saved = await saveSnippet({ ref: draft.projectRef, id, body: started.body, keepalive: useKeepalive })
    setDraft(id, (current) => saveSucceeded(current, saved))
    for (const listener of saveListeners) listener(draft.projectRef, saved)
  } catch (error) {
    if (isApiError(error) && error.status === 409 && error.body && typeof error.body.current === 'object') {
      const current = error.body.current as Snippet
      setDraft(id, (draft) => saveConflicted(draft, current))
      // the server already had this very text: no conflict after all
      if (get().drafts[id]?.conflict === null) for (const listener of saveListeners) listener(draft.projectRef, current)
    } else {
      const retryable = !isApiError(error) || isRetryableStatus(error.status)
      setDraft(id, (current) => saveFailed(current, getErrorMessage(error), retryable))
    }
  }
  syncBackup(id)
  const after = get().drafts[id]
  if (!after) return
  if (after.status === 'UPDATING_FAILED' && after.retryable) {
    schedule(id, retryDelayMs(after.attempts, SAVE_RETRY_BASE_DELAY_MS, SAVE_RETRY_MAX_DELAY_MS))
  } else if (after.status === 'IDLE' && canStartSave(after)) {
    // edited while the save was running
    schedule(id, SNIPPET_SAVE_DEBOUNCE_MS)
  }
}

/** Runs the pending saves now: on blur, when the tab is hidden, and when the page unloads. */
export function flushSaves({ keepalive = false, id }: { keepalive?: boolean; id?: string } = {}) {
  for (const commit of [...pendingCommits]) commit()
  const ids = id ? [id] : Object.keys(get().drafts)
  for (const draftId of ids) {
    const draft = get().drafts[draftId]
    if (
      draft &&
      canStartSave(draft) &&
      (timers.has(draftId) || draft.status !== 'UPDATING_FAILED' || draft.retryable)
    ) {
      void runSave(draftId, { keepalive })
    }
  }
}

export function registerPendingCommit(commit: () => void): () => void {
  pendingCommits.add(commit)
  return () => pendingCommits.delete(commit)
}

export function onSnippetSaved(listener: SaveListener): () => void {
  saveListeners.add(listener)
  return () => saveListeners.delete(listener)
}

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

/** Try a failed save again now (the user asked, or the network came back). */
export function retrySave(id: string) {
  const draft = get().drafts[id]
  if (draft?.status === 'UPDATING_FAILED' && !draft.conflict) void runSave(id)
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

export function addResult(id: string, entry: ResultEntry) {
  set((state) => ({
    results: { ...state.results, [id]: [entry, ...(state.results[id] ?? [])].slice(0, RESULT_HISTORY_MAX_ENTRIES) },
  }))
}

export function clearResults(id: string) {
  set((state) => {
    const { [id]: _, ...results } = state.results
    return { results }
  })
}

export function setRunning(id: string, running: RunningQuery | undefined) {
  set((state) => {
    const { [id]: _, ...rest } = state.running
    return { running: running ? { ...rest, [id]: running } : rest }
  })
}

export { isForeignDraft }

// Pending saves leave with the page: flushed when the tab is hidden or closed (keepalive outlives the page).
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => flushSaves({ keepalive: true }))
  window.addEventListener('pagehide', () => flushSaves({ keepalive: true }))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSaves({ keepalive: true })
  })
  window.addEventListener('online', () => {
    for (const draft of Object.values(get().drafts)) if (draft.retryable) retrySave(draft.id)
  })
}

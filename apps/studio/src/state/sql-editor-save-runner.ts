import type { Snippet } from '@pgfleet/contracts'
import { toast } from 'sonner'
import {
  FAILED_TO_INSERT_CONTENT,
  KEEPALIVE_MAX_BODY_BYTES,
  SAVE_RETRY_BASE_DELAY_MS,
  SAVE_RETRY_MAX_DELAY_MS,
  SNIPPET_SAVE_DEBOUNCE_MS,
} from '../components/interfaces/SQLEditor/sql-editor.constants'
import { saveSnippet } from '../data/content/snippet-save-mutation'
import { getErrorMessage, isApiError } from '../data/fetcher'
import { syncBackup } from './sql-editor-backup'
import {
  beginSave,
  canStartSave,
  isForeignDraft,
  isRetryableStatus,
  retryDelayMs,
  type SnippetDraft,
  saveConflicted,
  saveFailed,
  saveSucceeded,
} from './sql-editor-save-queue'
import { get, setDraft } from './sql-editor-state'

// ---- the queue ----

type SaveListener = (projectRef: string, snippet: Snippet) => void
const saveListeners = new Set<SaveListener>()
/** Editors hand over their pending (debounced) text when a flush needs it now. */
const pendingCommits = new Set<() => void>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()

export function clearTimer(id: string) {
  clearTimeout(timers.get(id))
  timers.delete(id)
}

export function schedule(id: string, delayMs: number) {
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

export async function runSave(id: string, { keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
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
      // the snippet's first save inserts it: say so once; later failures show in the editor's save status
      if (draft.baseVersion === null && draft.attempts === 0)
        toast.error(FAILED_TO_INSERT_CONTENT(getErrorMessage(error)))
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

/** Try a failed save again now (the user asked, or the network came back). */
export function retrySave(id: string) {
  const draft = get().drafts[id]
  if (draft?.status === 'UPDATING_FAILED' && !draft.conflict) void runSave(id)
}

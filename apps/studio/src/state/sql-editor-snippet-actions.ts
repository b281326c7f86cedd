import { REQUIRED_VALUE_MESSAGES, type Snippet } from '@pgfleet/contracts'
import { NEW_QUERY_NAME, SNIPPET_SAVE_DEBOUNCE_MS } from '../components/interfaces/SQLEditor/sql-editor.constants'
import { uuidv4 } from '../lib/uuid'
import { backupFor, readBackups, syncBackup, writeBackups } from './sql-editor-backup'
import {
  applyEdit,
  changesMoreThanSql,
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

/** What creating a snippet needs: the project's ref, the project, and the signed-in user's profile. */
export type NewSnippetContext = {
  projectRef: string | undefined
  project: { ref: string } | undefined
  profile: { id: number } | undefined
}

/**
 * Throws the required-value message for the first thing missing (a project loaded for another ref
 * counts as missing); answers the ref and the new snippet's owner.
 */
export function checkNewSnippetContext({ projectRef, project, profile }: NewSnippetContext): {
  projectRef: string
  ownerId: number
} {
  if (!projectRef) throw new Error(REQUIRED_VALUE_MESSAGES.projectRefCamel)
  if (!project || project.ref !== projectRef) throw new Error(REQUIRED_VALUE_MESSAGES.project)
  if (!profile) throw new Error(REQUIRED_VALUE_MESSAGES.profile)
  return { projectRef, ownerId: profile.id }
}

/** A new query, owned by the signed-in user; throws (before creating anything) when the context is incomplete. */
export function createSnippet(
  context: NewSnippetContext,
  fields: Partial<SnippetFields> & Pick<SnippetFields, 'name'>,
  id: string = uuidv4(),
): string {
  const { projectRef, ownerId } = checkNewSnippetContext(context)
  const draft = { ...newDraft(id, projectRef, fields), owner_id: ownerId }
  // a new query with text (a template, the assistant's SQL) is saved like an edit
  addDraft(fields.sql ? applyEdit({ ...draft, sql: '' }, { sql: fields.sql }) : draft)
  return id
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
 * reason the save failed (the draft then stays queued and retried like any other); an incomplete context
 * rejects before anything changes.
 */
export async function saveDraftNow(id: string, context: NewSnippetContext): Promise<SnippetDraft> {
  checkNewSnippetContext(context)
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

/** Queues the snippet's save: it runs 1 s after the last change (each change restarts the wait). */
function queueSave(id: string) {
  const draft = get().drafts[id]
  if (draft && isDirty(draft)) schedule(id, SNIPPET_SAVE_DEBOUNCE_MS)
}

/**
 * Every change of a snippet goes through here. A changed snippet is queued for saving, except
 * that a change of the SQL text alone does not queue a save: the text is still applied and backed up
 * (it is never lost, and any later save carries it), and the editor queues it itself (`editSnippetSql`).
 */
export function editSnippet(id: string, patch: Partial<SnippetFields>, options: { external?: boolean } = {}) {
  const before = get().drafts[id]
  if (!before) return
  setDraft(id, (draft) => applyEdit(draft, patch, options))
  if (patch.sql !== undefined) stopTyping(id)
  if (get().drafts[id] === before) return
  syncBackup(id)
  if (changesMoreThanSql(before, patch)) queueSave(id)
}

/**
 * The SQL text path: the editor hands over its text after its 300 ms debounce (a template or the assistant
 * replaces it with `external`), and queues the save explicitly, since `editSnippet` does not for text alone.
 */
export function editSnippetSql(id: string, sql: string, options: { external?: boolean } = {}) {
  editSnippet(id, { sql }, options)
  queueSave(id)
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

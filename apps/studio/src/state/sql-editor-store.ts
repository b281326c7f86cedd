/**
 * The SQL editor's store: snippet drafts, their save queue and query results. The state lives in
 * `sql-editor-state`, the localStorage safety net in `sql-editor-backup`, the save queue in
 * `sql-editor-save-runner`, snippet actions in `sql-editor-snippet-actions` and query results in
 * `sql-editor-results`; this module is the one entry point the editor imports.
 */
import { isForeignDraft } from './sql-editor-save-queue'
import { flushSaves, retrySave } from './sql-editor-save-runner'
import { get } from './sql-editor-state'

export { backupFor, backupsOfProject } from './sql-editor-backup'
export { addResult, clearResults, setRunning } from './sql-editor-results'
export { flushSaves, onSnippetSaved, registerPendingCommit, retrySave } from './sql-editor-save-runner'
export {
  addDraft,
  checkNewSnippetContext,
  createSnippet,
  detachFolder,
  editSnippet,
  editSnippetSql,
  forgetSnippet,
  loadSnippet,
  type NewSnippetContext,
  panelDraftId,
  resetPanelDraft,
  resolveConflict,
  restoreDraftFromBackup,
  saveDraftNow,
  setCurrentUserId,
  setProjectReadOnly,
  startTyping,
} from './sql-editor-snippet-actions'
export { type ResultEntry, useSqlEditorStore } from './sql-editor-state'
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

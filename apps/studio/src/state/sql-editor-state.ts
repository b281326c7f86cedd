import type { QueryErrorResponse, RunQueryResponse } from '@pgfleet/contracts'
import { create } from 'zustand'
import type { SnippetDraft } from './sql-editor-save-queue'

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

export type RunningQuery = { queryId: string; abort: AbortController; startedAt: number }

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

export const get = useSqlEditorStore.getState
export const set = useSqlEditorStore.setState

export function setDraft(id: string, update: (draft: SnippetDraft) => SnippetDraft) {
  set((state) => {
    const draft = state.drafts[id]
    if (!draft) return state
    const next = update(draft)
    return next === draft ? state : { drafts: { ...state.drafts, [id]: next } }
  })
}

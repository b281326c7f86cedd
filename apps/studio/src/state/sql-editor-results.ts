import { RESULT_HISTORY_MAX_ENTRIES } from '../components/interfaces/SQLEditor/sql-editor.constants'
import { type ResultEntry, type RunningQuery, set } from './sql-editor-state'

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

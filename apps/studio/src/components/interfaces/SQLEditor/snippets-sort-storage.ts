import { SNIPPET_SORT_OPTIONS, type SnippetSort } from './sql-editor.constants'

export const SORT_STORAGE_KEY = 'pgfleet.sql-editor.sort'

export function initialSort(): SnippetSort {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(SORT_STORAGE_KEY)
  return SNIPPET_SORT_OPTIONS.some((option) => option.value === stored) ? (stored as SnippetSort) : 'updated_at'
}

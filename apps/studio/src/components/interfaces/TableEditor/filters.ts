import { FILTER_OPERATORS, type FilterOperator, IS_VALUES, type RowFilter } from '@pgfleet/contracts'
import { FILTER_VALUE_REQUIRED } from './table-editor.constants'

/** A filter as typed in the bar: the value is one text, a comma-separated list for `in`. */
export interface FilterDraft {
  /** tells the lines apart while some are removed */
  id: number
  column: string
  operator: FilterOperator
  value: string
}

export const isFilterOperator = (value: string): value is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(value)

/** The filters to send, or the first draft's problem. */
export function draftsToFilters(
  drafts: FilterDraft[],
): { filters: RowFilter[]; error?: undefined } | { error: string; index: number } {
  const filters: RowFilter[] = []
  for (const [index, draft] of drafts.entries()) {
    if (draft.operator === 'is') {
      filters.push({ column: draft.column, operator: 'is', value: draft.value || IS_VALUES[0] })
      continue
    }
    if (draft.operator === 'in') {
      const values = draft.value
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '')
      if (values.length === 0) return { error: FILTER_VALUE_REQUIRED, index }
      filters.push({ column: draft.column, operator: 'in', value: values })
      continue
    }
    // like patterns and text comparisons may legitimately hold spaces: kept as typed
    if (draft.value === '') return { error: FILTER_VALUE_REQUIRED, index }
    filters.push({ column: draft.column, operator: draft.operator, value: draft.value })
  }
  return { filters }
}

let lastDraftId = 0
export const nextDraftId = () => ++lastDraftId

export function filterToDraft(filter: RowFilter): FilterDraft {
  return {
    id: nextDraftId(),
    column: filter.column,
    operator: filter.operator,
    value: Array.isArray(filter.value) ? filter.value.join(', ') : filter.value,
  }
}

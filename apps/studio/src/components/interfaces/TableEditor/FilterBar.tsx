import { FILTER_OPERATORS, IS_VALUES, type RowFilter } from '@pgfleet/contracts'
import { Filter, Plus, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import { CONTROL_CLASSES } from '../../ui/Input'
import { draftsToFilters, type FilterDraft, filterToDraft, isFilterOperator, nextDraftId } from './filters'
import {
  ADD_FILTER_LABEL,
  APPLY_FILTERS_LABEL,
  CLEAR_FILTERS_LABEL,
  FILTER_COLUMN_LABEL,
  FILTER_IN_HINT,
  FILTER_OPERATOR_LABEL,
  FILTER_VALUE_LABEL,
  OPERATOR_LABELS,
  REMOVE_FILTER_LABEL,
} from './table-editor.constants'

const SMALL_CONTROL = cn(CONTROL_CLASSES, 'h-8 py-1 text-xs')

/**
 * The rows' filters: column, operator and value per line, applied together. Edits stay local until applied, so
 * typing does not read the table on every key.
 */
export function FilterBar({
  columns,
  filters,
  onApply,
}: {
  columns: readonly { name: string }[]
  filters: RowFilter[]
  onApply: (filters: RowFilter[]) => void
}) {
  const [drafts, setDrafts] = useState<FilterDraft[]>(() => filters.map(filterToDraft))
  const [problem, setProblem] = useState<{ error: string; index: number }>()

  // applied filters changed elsewhere (another table, cleared): show them
  useEffect(() => setDrafts(filters.map(filterToDraft)), [filters])

  const change = (index: number, patch: Partial<FilterDraft>) => {
    setProblem(undefined)
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)))
  }
  const apply = (next = drafts) => {
    const result = draftsToFilters(next)
    if (result.error !== undefined) {
      setProblem(result)
      return
    }
    setProblem(undefined)
    onApply(result.filters)
  }
  const firstColumn = columns[0]?.name ?? ''

  return (
    <div className="space-y-2" data-testid="filter-bar">
      {drafts.map((draft, index) => (
        <div key={draft.id} className="flex flex-wrap items-center gap-2" data-testid="filter-row">
          <select
            aria-label={FILTER_COLUMN_LABEL}
            className={cn(SMALL_CONTROL, 'w-40')}
            value={draft.column}
            onChange={(event) => change(index, { column: event.target.value })}
          >
            {columns.map((column) => (
              <option key={column.name} value={column.name}>
                {column.name}
              </option>
            ))}
          </select>
          <select
            aria-label={FILTER_OPERATOR_LABEL}
            className={cn(SMALL_CONTROL, 'w-36')}
            value={draft.operator}
            onChange={(event) => {
              const operator = event.target.value
              if (!isFilterOperator(operator)) return
              change(index, {
                operator,
                value: operator === 'is' ? IS_VALUES[0] : draft.operator === 'is' ? '' : draft.value,
              })
            }}
          >
            {FILTER_OPERATORS.map((operator) => (
              <option key={operator} value={operator}>
                {OPERATOR_LABELS[operator]}
              </option>
            ))}
          </select>
          {draft.operator === 'is' ? (
            <select
              aria-label={FILTER_VALUE_LABEL}
              className={cn(SMALL_CONTROL, 'w-40')}
              value={draft.value}
              onChange={(event) => change(index, { value: event.target.value })}
            >
              {IS_VALUES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label={FILTER_VALUE_LABEL}
              aria-invalid={problem?.index === index || undefined}
              className={cn(SMALL_CONTROL, 'w-56 font-mono')}
              value={draft.value}
              placeholder={draft.operator === 'in' ? FILTER_IN_HINT : FILTER_VALUE_LABEL}
              onChange={(event) => change(index, { value: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') apply()
              }}
            />
          )}
          <Button
            size="sm"
            variant="ghost"
            aria-label={REMOVE_FILTER_LABEL}
            onClick={() => {
              const next = drafts.filter((_, i) => i !== index)
              setDrafts(next)
              // removing an applied filter takes effect at once
              apply(next)
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {problem && (
        <p role="alert" className="text-xs text-red-600">
          {problem.error}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          onClick={() =>
            setDrafts((current) => [...current, { id: nextDraftId(), column: firstColumn, operator: 'eq', value: '' }])
          }
          disabled={!firstColumn}
        >
          <Plus className="size-4" aria-hidden="true" />
          {ADD_FILTER_LABEL}
        </Button>
        {drafts.length > 0 && (
          <Button size="sm" variant="primary" onClick={() => apply()}>
            <Filter className="size-4" aria-hidden="true" />
            {APPLY_FILTERS_LABEL}
          </Button>
        )}
        {filters.length > 0 && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDrafts([])
              onApply([])
            }}
          >
            {CLEAR_FILTERS_LABEL}
          </Button>
        )}
      </div>
    </div>
  )
}

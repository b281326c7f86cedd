import type { PgTable } from '@pgfleet/contracts'
import { Search } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { getErrorMessage } from '../../../data/fetcher'
import { useReferenceSearchQuery } from '../../../data/table-rows/reference-search-query'
import { cn } from '../../../lib/cn'
import { useDebouncedCallback } from '../../../lib/debounce'
import { Button } from '../../ui/Button'
import { CONTROL_CLASSES } from '../../ui/Input'
import {
  LOAD_MORE_REFERENCES_LABEL,
  NO_REFERENCES_MESSAGE,
  REFERENCE_SEARCH_LABEL,
  REFERENCE_SEARCH_PLACEHOLDER,
  REFERENCES_FAILED,
} from './table-editor.constants'

const SEARCH_DELAY_MS = 250

/** The rows a foreign-key cell may point at, searched on the server; choosing one sets the cell's value. */
export function ForeignKeyPicker({
  projectRef,
  tableId,
  column,
  value,
  onChoose,
  disabled,
}: {
  projectRef: string
  tableId: number
  column: string
  /** the value chosen so far, marked in the list */
  value: string
  onChoose: (value: string) => void
  disabled: boolean
}) {
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const applySearch = useDebouncedCallback(setSearch, SEARCH_DELAY_MS)
  const query = useReferenceSearchQuery({ ref: projectRef, tableId, column, search })
  const first = query.data?.pages[0]
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? []

  return (
    <div className="space-y-2 rounded border border-neutral-200 p-2" data-testid="foreign-key-picker">
      <div className="relative">
        <Search className="absolute top-2 left-2 size-4 text-neutral-400" aria-hidden="true" />
        <input
          type="search"
          aria-label={REFERENCE_SEARCH_LABEL}
          placeholder={first ? REFERENCE_SEARCH_PLACEHOLDER(`${first.schema}.${first.table}`) : ''}
          className={cn(CONTROL_CLASSES, 'h-8 py-1 pl-8 text-sm')}
          value={typed}
          disabled={disabled}
          onChange={(event) => {
            setTyped(event.target.value)
            applySearch(event.target.value)
          }}
        />
      </div>
      {query.isError ? (
        <p role="alert" className="text-xs text-red-600">
          {REFERENCES_FAILED(getErrorMessage(query.error))}
        </p>
      ) : (
        <ul className="max-h-56 overflow-y-auto" aria-label={REFERENCE_SEARCH_LABEL}>
          {rows.map((row) => (
            <li key={row.value}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChoose(row.value)}
                aria-pressed={row.value === value}
                className={cn(
                  'flex w-full items-baseline gap-2 rounded px-2 py-1 text-left text-sm hover:bg-neutral-100',
                  row.value === value && 'bg-emerald-50',
                )}
              >
                <span className="font-mono text-neutral-900">{row.value}</span>
                {row.label !== null && <span className="truncate text-neutral-600">{row.label}</span>}
              </button>
            </li>
          ))}
          {query.isSuccess && rows.length === 0 && (
            <li className="px-2 py-1 text-sm text-neutral-600">{NO_REFERENCES_MESSAGE}</li>
          )}
        </ul>
      )}
      {query.hasNextPage && (
        <Button size="sm" variant="ghost" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {LOAD_MORE_REFERENCES_LABEL}
        </Button>
      )}
    </div>
  )
}

/** The columns of the table with a single-column foreign key out of it: their cells get a picker. */
export function pickableColumns(table: PgTable | undefined): Set<string> {
  if (!table) return new Set()
  const byConstraint = new Map<string, string[]>()
  for (const relationship of table.relationships) {
    if (relationship.source_schema !== table.schema || relationship.source_table_name !== table.name) continue
    const names = byConstraint.get(relationship.constraint_name) ?? []
    byConstraint.set(relationship.constraint_name, [...names, relationship.source_column_name])
  }
  return new Set([...byConstraint.values()].flatMap((names) => (names.length === 1 ? names : [])))
}

/** The cell editor's picker for one foreign-key column. */
export function foreignKeyPicker(target: { projectRef: string; tableId: number; column: string }) {
  return (choose: (value: string) => void, current: string, disabled: boolean): ReactNode => (
    <ForeignKeyPicker {...target} value={current} onChoose={choose} disabled={disabled} />
  )
}

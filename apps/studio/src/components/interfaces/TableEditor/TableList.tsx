import { Plus, Search, Table2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useSchemasQuery } from '../../../data/pg-meta/schemas-query'
import { useTablesQuery } from '../../../data/pg-meta/tables-query'
import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { CONTROL_CLASSES } from '../../ui/Input'
import { Skeleton } from '../../ui/Skeleton'
import {
  LOAD_TABLES_ERROR_TITLE,
  NEW_TABLE_LABEL,
  NO_MATCHING_TABLES_MESSAGE,
  NO_TABLES_MESSAGE,
  SCHEMA_LABEL,
  SEARCH_TABLES_LABEL,
  SEARCH_TABLES_PLACEHOLDER,
} from './table-editor.constants'

/** The tables of one schema, searched by name as you type (the list is small next to a table's rows). */
export function TableList({
  projectRef,
  schema,
  onSchemaChange,
  activeId,
  onNewTable,
}: {
  projectRef: string
  schema: string
  onSchemaChange: (schema: string) => void
  activeId: number | undefined
  /** absent for members who cannot create tables */
  onNewTable?: () => void
}) {
  const schemas = useSchemasQuery({ ref: projectRef })
  const tables = useTablesQuery({ ref: projectRef, includedSchemas: [schema] })
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (tables.data ?? []).filter((table) => table.name.toLowerCase().includes(needle))
  }, [tables.data, search])
  const schemaNames = schemas.data?.map((s) => s.name) ?? [schema]

  return (
    <aside
      className="flex h-full w-64 shrink-0 flex-col border-r border-neutral-200 bg-white"
      data-testid="table-editor-tables"
    >
      <div className="space-y-2 border-b border-neutral-200 p-3">
        <select
          aria-label={SCHEMA_LABEL}
          className={cn(CONTROL_CLASSES, 'h-8 py-1 text-sm')}
          value={schema}
          onChange={(event) => onSchemaChange(event.target.value)}
        >
          {(schemaNames.includes(schema) ? schemaNames : [schema, ...schemaNames]).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <div className="relative">
          <Search className="absolute top-2 left-2 size-4 text-neutral-400" aria-hidden="true" />
          <input
            type="search"
            aria-label={SEARCH_TABLES_LABEL}
            placeholder={SEARCH_TABLES_PLACEHOLDER}
            className={cn(CONTROL_CLASSES, 'h-8 py-1 pl-8 text-sm')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {onNewTable && (
          <Button size="sm" className="w-full" onClick={onNewTable}>
            <Plus className="size-4" aria-hidden="true" />
            {NEW_TABLE_LABEL}
          </Button>
        )}
      </div>
      <nav className="min-h-0 flex-1 overflow-y-auto p-2" aria-label="Tables">
        {tables.isPending ? (
          <div className="space-y-2 p-1">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        ) : tables.isError ? (
          <ErrorState
            title={LOAD_TABLES_ERROR_TITLE}
            error={tables.error}
            onRetry={() => void tables.refetch()}
            retrying={tables.isFetching}
          />
        ) : shown.length === 0 ? (
          <p className="p-2 text-sm text-neutral-600">
            {tables.data.length === 0 ? NO_TABLES_MESSAGE : NO_MATCHING_TABLES_MESSAGE}
          </p>
        ) : (
          <ul className="space-y-0.5">
            {shown.map((table) => (
              <li key={table.id}>
                <Link
                  to={`/project/${projectRef}/editor/${table.id}`}
                  data-testid={`table-link-${table.name}`}
                  aria-current={table.id === activeId ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 truncate rounded px-2 py-1.5 text-sm text-neutral-700 hover:bg-neutral-100',
                    table.id === activeId && 'bg-neutral-100 font-medium text-neutral-900',
                  )}
                >
                  <Table2 className="size-4 shrink-0 text-neutral-400" aria-hidden="true" />
                  <span className="truncate">{table.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </aside>
  )
}

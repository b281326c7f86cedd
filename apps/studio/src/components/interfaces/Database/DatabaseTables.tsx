import type { PgTable } from '@pgfleet/contracts'
import { useMemo, useState } from 'react'
import { useParams } from 'react-router'
import { getErrorMessage } from '../../../data/fetcher'
import { useSchemasQuery } from '../../../data/pg-meta/schemas-query'
import { useTablesQuery } from '../../../data/pg-meta/tables-query'
import { Alert } from '../../ui/Alert'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { DataTable } from '../../ui/DataTable'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import {
  COLUMN_HEADERS,
  DATABASE_TITLE,
  DEFAULT_SCHEMA,
  LOAD_SCHEMAS_ERROR_TITLE,
  LOAD_TABLES_ERROR_TITLE,
  NEXT_PAGE_LABEL,
  NO_COLUMNS_MESSAGE,
  NO_MATCHING_TABLES_MESSAGE,
  NO_TABLES_MESSAGE,
  PAGE_SUMMARY,
  PREVIOUS_PAGE_LABEL,
  RELOAD_SCHEMAS,
  SCHEMA_LABEL,
  SEARCH_TABLES_LABEL,
  SEARCH_TABLES_PLACEHOLDER,
  TABLES_PAGE_SIZE,
  TABLES_TITLE,
} from './database.constants'
import { filterTables, paginate } from './database.utils'

function TableColumns({ table }: { table: PgTable }) {
  const columns = table.columns ?? []
  if (columns.length === 0) return <p className="px-4 pb-4 text-sm text-neutral-600">{NO_COLUMNS_MESSAGE}</p>
  return (
    <DataTable
      className="px-4 pb-4"
      data-testid={`table-columns-${table.name}`}
      headers={COLUMN_HEADERS}
      rows={columns}
      rowKey={(column) => column.id}
      cells={(column) => (
        <>
          <td className="py-1.5 pr-4 font-mono text-neutral-900">{column.name}</td>
          <td className="py-1.5 pr-4 font-mono text-neutral-700">{column.format}</td>
          <td className="py-1.5 pr-4 text-neutral-700">{column.data_type}</td>
          <td className="py-1.5 pr-4 font-mono text-xs text-neutral-600">{column.default_value ?? ''}</td>
          <td className="py-1.5 pr-4 text-neutral-700">{column.is_nullable ? 'Yes' : 'No'}</td>
          <td className="py-1.5 pr-4 text-neutral-700">{column.is_primary_key ? 'Yes' : ''}</td>
          <td className="py-1.5 pr-4 text-neutral-600">{column.comment ?? ''}</td>
        </>
      )}
    />
  )
}

function TableRow({ table }: { table: PgTable }) {
  const [open, setOpen] = useState(false)
  return (
    <li data-testid={`table-row-${table.name}`}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-neutral-50"
      >
        <span aria-hidden="true" className="w-3 text-neutral-400">
          {open ? '▾' : '▸'}
        </span>
        <span className="min-w-0 flex-1 truncate font-mono text-sm text-neutral-900">{table.name}</span>
        {table.rls_enabled && <Badge tone="success">RLS</Badge>}
        <span className="text-xs text-neutral-500">
          {table.columns?.length ?? 0} columns · ~{table.live_rows_estimate} rows · {table.size}
        </span>
      </button>
      {open && <TableColumns table={table} />}
    </li>
  )
}

export function DatabaseTables() {
  const { ref } = useParams()
  const [schema, setSchema] = useState(DEFAULT_SCHEMA)
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const schemas = useSchemasQuery({ ref })
  const tables = useTablesQuery({ ref, includeColumns: true, includedSchemas: [schema] })

  const filtered = useMemo(() => filterTables(tables.data ?? [], search), [tables.data, search])
  const paged = paginate(filtered, page, TABLES_PAGE_SIZE)

  const schemaOptions = (schemas.data ?? []).map((s) => ({ value: s.name, label: s.name }))
  if (!schemaOptions.some((option) => option.value === schema)) schemaOptions.unshift({ value: schema, label: schema })

  return (
    <PageContainer className="space-y-6" data-testid="database-page">
      <h1 className="text-xl font-semibold text-neutral-900">{DATABASE_TITLE}</h1>
      {schemas.isError && (
        <Alert tone="error" title={LOAD_SCHEMAS_ERROR_TITLE} data-testid="schemas-error">
          <p>{getErrorMessage(schemas.error)}</p>
          <Button size="sm" className="mt-2" loading={schemas.isFetching} onClick={() => void schemas.refetch()}>
            {RELOAD_SCHEMAS}
          </Button>
        </Alert>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <Select
          label={SCHEMA_LABEL}
          value={schema}
          options={schemaOptions}
          onChange={(event) => {
            setSchema(event.target.value)
            setPage(0)
          }}
          fieldClassName="w-56"
          data-testid="schema-select"
        />
        <Input
          label={SEARCH_TABLES_LABEL}
          hideLabel
          placeholder={SEARCH_TABLES_PLACEHOLDER}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(0)
          }}
          fieldClassName="w-64"
          data-testid="table-search"
        />
      </div>
      <section aria-labelledby="tables-title" className="space-y-3">
        <h2 id="tables-title" className="text-base font-semibold text-neutral-900">
          {TABLES_TITLE}
        </h2>
        {tables.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : tables.isError ? (
          <ErrorState
            title={LOAD_TABLES_ERROR_TITLE}
            error={tables.error}
            onRetry={() => void tables.refetch()}
            retrying={tables.isFetching}
          />
        ) : filtered.length === 0 ? (
          <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600">
            {search.trim() ? NO_MATCHING_TABLES_MESSAGE(search.trim()) : NO_TABLES_MESSAGE(schema)}
          </p>
        ) : (
          <>
            <ul
              className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs"
              data-testid="tables-list"
            >
              {paged.items.map((table) => (
                <TableRow key={table.id} table={table} />
              ))}
            </ul>
            {paged.pageCount > 1 && (
              <div className="flex items-center justify-between text-sm text-neutral-600">
                <span>{PAGE_SUMMARY(paged.from, paged.to, filtered.length)}</span>
                <div className="flex gap-2">
                  <Button size="sm" disabled={paged.page === 0} onClick={() => setPage(paged.page - 1)}>
                    {PREVIOUS_PAGE_LABEL}
                  </Button>
                  <Button
                    size="sm"
                    disabled={paged.page >= paged.pageCount - 1}
                    onClick={() => setPage(paged.page + 1)}
                  >
                    {NEXT_PAGE_LABEL}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </section>
    </PageContainer>
  )
}

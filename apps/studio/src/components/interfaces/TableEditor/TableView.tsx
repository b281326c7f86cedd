import {
  type CellValue,
  CSV_RAW_EXPORT_HINT,
  CSV_RAW_EXPORT_LABEL,
  NO_PRIMARY_KEY_MESSAGE,
  PermissionAction,
  PermissionResource,
  type PgColumn,
  type RowFilter,
  type RowKey,
  type RowSort,
} from '@pgfleet/contracts'
import { Download, Pencil, Plus, RefreshCw, Trash2, Upload } from 'lucide-react'
import { Suspense, useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useTableQuery } from '../../../data/pg-meta/table-query'
import { useExportRowsMutation } from '../../../data/table-rows/export-rows-mutation'
import {
  useDeleteRowsMutation,
  useInsertRowMutation,
  useUpdateRowMutation,
} from '../../../data/table-rows/row-mutations'
import { useRowCountQuery, useTableRowsQuery } from '../../../data/table-rows/rows-query'
import { useDebouncedCallback } from '../../../lib/debounce'
import { startBrowserDownload } from '../../../lib/download'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Dialog } from '../../ui/Dialog'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { CellEditor } from './CellEditor'
import { ColumnsMenu } from './ColumnsMenu'
import { loadColumnPrefs, saveColumnPrefs } from './column-prefs'
import { FilterBar } from './FilterBar'
import { foreignKeyPicker, pickableColumns } from './ForeignKeyPicker'
import { InsertRowPanel } from './InsertRowPanel'
import { type GridColumn, type GridRow, RowsGrid } from './RowsGrid'
import { ImportCsvPanel, preloadSidePanels, TableDesignerPanel } from './side-panels'
import {
  CELL_SAVE_FAILED,
  DELETE_FAILED,
  DELETE_ROWS_DESCRIPTION,
  DELETE_ROWS_LABEL,
  DELETE_ROWS_TITLE,
  EDIT_CELL_TITLE,
  EDIT_TABLE_LABEL,
  EXPORT_CSV_LABEL,
  EXPORT_FAILED,
  IMPORT_CSV_LABEL,
  INSERT_FAILED,
  INSERT_ROW_LABEL,
  LOAD_ROWS_ERROR_TITLE,
  LOADING_MORE_LABEL,
  NO_ROWS_MESSAGE,
  READ_ONLY_MEMBER_MESSAGE,
  REFRESH_LABEL,
  ROW_INSERTED_TOAST,
  ROWS_COUNT,
  ROWS_DELETED_TOAST,
  ROWS_IMPORTED_TOAST,
  ROWS_LOADED,
  TABLE_SAVED_TOAST,
} from './table-editor.constants'

const PREFS_SAVE_DELAY_MS = 300
const NO_COLUMNS: PgColumn[] = []

/** One table's rows: filter bar, sortable grid with paging as it scrolls, and the edits the caller may make. */
export function TableView({
  projectRef,
  tableId,
  orgSlug,
}: {
  projectRef: string
  tableId: number
  orgSlug: string | undefined
}) {
  const table = useTableQuery({ ref: projectRef, id: tableId })
  const columns = table.data?.columns ?? NO_COLUMNS
  const [sort, setSort] = useState<RowSort>()
  const [filters, setFilters] = useState<RowFilter[]>([])
  const [prefs, setPrefs] = useState(() => loadColumnPrefs(projectRef, tableId))
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [editing, setEditing] = useState<{ row: GridRow; column: PgColumn }>()
  const [editError, setEditError] = useState<string>()
  const [inserting, setInserting] = useState(false)
  const [importing, setImporting] = useState(false)
  const [designing, setDesigning] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)

  const { can: canWrite } = useCan(PermissionAction.SQL_WRITE, PermissionResource.DATABASE, { orgSlug })
  const rowsQuery = useTableRowsQuery({ ref: projectRef, tableId, sort, filters })
  const count = useRowCountQuery({ ref: projectRef, tableId, filters })
  const firstPage = rowsQuery.data?.pages[0]
  const rowsShown = rowsQuery.data !== undefined
  useEffect(() => (rowsShown ? preloadSidePanels() : undefined), [rowsShown])
  const primaryKey = firstPage?.primaryKey ?? columns.filter((c) => c.is_primary_key).map((c) => c.name)
  const hasKey = primaryKey.length > 0
  const editable = canWrite && hasKey

  // where each column sits in a row's values (the server's column order)
  const positions = useMemo(
    () => new Map((firstPage?.columns ?? columns).map((column, index) => [column.name, index])),
    [firstPage?.columns, columns],
  )
  // the rows' own column list until the table's description arrives
  const gridColumns = useMemo<GridColumn[]>(
    () =>
      table.data?.columns ??
      (firstPage?.columns ?? []).map((column) => ({
        ...column,
        is_primary_key: firstPage?.primaryKey.includes(column.name) ?? false,
      })),
    [table.data?.columns, firstPage],
  )
  const shownColumns = useMemo(
    () =>
      gridColumns
        .filter((column) => !prefs.hidden.includes(column.name) && positions.has(column.name))
        .map((column) => ({ column, index: positions.get(column.name) ?? 0 })),
    [gridColumns, prefs.hidden, positions],
  )
  const keyOf = useMemo(() => {
    const indexes = primaryKey.map((name) => positions.get(name) ?? 0)
    return (values: CellValue[], fallback: number) =>
      indexes.length > 0 ? JSON.stringify(indexes.map((i) => values[i])) : String(fallback)
  }, [primaryKey, positions])
  const rows = useMemo<GridRow[]>(
    () =>
      (rowsQuery.data?.pages ?? [])
        .flatMap((page) => page.rows)
        .map((values, i) => ({ key: keyOf(values, i), values })),
    [rowsQuery.data, keyOf],
  )
  const references = useMemo(() => pickableColumns(table.data), [table.data])
  const rowKey = (row: GridRow): RowKey =>
    Object.fromEntries(primaryKey.map((name) => [name, row.values[positions.get(name) ?? 0] ?? '']))

  const persistPrefs = useDebouncedCallback(
    (next: typeof prefs) => saveColumnPrefs(projectRef, tableId, next),
    PREFS_SAVE_DELAY_MS,
  )
  const updatePrefs = (change: (current: typeof prefs) => typeof prefs) =>
    setPrefs((current) => {
      const next = change(current)
      persistPrefs(next)
      return next
    })

  const update = useUpdateRowMutation({
    onSuccess: () => setEditing(undefined),
    onError: (error) => setEditError(CELL_SAVE_FAILED(getErrorMessage(error))),
  })
  const insert = useInsertRowMutation({
    onSuccess: () => {
      toast.success(ROW_INSERTED_TOAST)
      setInserting(false)
    },
    onError: (error) => toast.error(INSERT_FAILED(getErrorMessage(error))),
  })
  const remove = useDeleteRowsMutation({
    onSuccess: (answer) => {
      toast.success(ROWS_DELETED_TOAST(answer.deleted))
      setSelected(new Set())
      setConfirmingDelete(false)
    },
    onError: (error) => toast.error(DELETE_FAILED(getErrorMessage(error))),
  })
  const exportCsv = useExportRowsMutation({
    onSuccess: (link) => startBrowserDownload(link.fileUrl),
    onError: (error) => toast.error(EXPORT_FAILED(getErrorMessage(error))),
  })
  const selectedRows = rows.filter((row) => selected.has(row.key))

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="table-view">
      <div className="flex flex-wrap items-center gap-3 border-b border-neutral-200 px-4 py-2">
        <h1 className="font-mono text-sm font-semibold text-neutral-900" data-testid="table-title">
          {table.data ? `${table.data.schema}.${table.data.name}` : ''}
        </h1>
        <span className="text-xs text-neutral-600" data-testid="row-count">
          {count.data ? ROWS_COUNT(count.data.count, count.data.estimate) : ''}
        </span>
        <div className="ml-auto flex items-center gap-2">
          {editable && selectedRows.length > 0 && (
            <Button size="sm" variant="danger" onClick={() => setConfirmingDelete(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {DELETE_ROWS_LABEL(selectedRows.length)}
            </Button>
          )}
          <ColumnsMenu
            columns={gridColumns}
            hidden={prefs.hidden}
            onToggle={(name, shown) =>
              updatePrefs((current) => ({
                ...current,
                hidden: shown ? current.hidden.filter((n) => n !== name) : [...current.hidden, name],
              }))
            }
          />
          <Button
            size="sm"
            loading={exportCsv.isPending && exportCsv.variables?.formulas !== 'keep'}
            onClick={() => exportCsv.mutate({ ref: projectRef, tableId, sort, filters })}
          >
            <Download className="size-4" aria-hidden="true" />
            {EXPORT_CSV_LABEL}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            title={CSV_RAW_EXPORT_HINT}
            loading={exportCsv.isPending && exportCsv.variables?.formulas === 'keep'}
            onClick={() => exportCsv.mutate({ ref: projectRef, tableId, sort, filters, formulas: 'keep' })}
          >
            {CSV_RAW_EXPORT_LABEL}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={REFRESH_LABEL}
            onClick={() => {
              void rowsQuery.refetch()
              void count.refetch()
            }}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
          </Button>
          {canWrite && table.data && (table.data.columns ?? []).length > 0 && (
            <Button size="sm" onClick={() => setDesigning(true)}>
              <Pencil className="size-4" aria-hidden="true" />
              {EDIT_TABLE_LABEL}
            </Button>
          )}
          {editable && table.data && (
            <Button size="sm" onClick={() => setImporting(true)}>
              <Upload className="size-4" aria-hidden="true" />
              {IMPORT_CSV_LABEL}
            </Button>
          )}
          {editable && table.data && (
            <Button size="sm" variant="primary" onClick={() => setInserting(true)}>
              <Plus className="size-4" aria-hidden="true" />
              {INSERT_ROW_LABEL}
            </Button>
          )}
        </div>
      </div>
      {!hasKey && firstPage && (
        <Alert tone="info" className="mx-4 mt-2" data-testid="no-primary-key-notice">
          {NO_PRIMARY_KEY_MESSAGE}
        </Alert>
      )}
      {hasKey && !canWrite && (
        <Alert tone="info" className="mx-4 mt-2" data-testid="read-only-notice">
          {READ_ONLY_MEMBER_MESSAGE}
        </Alert>
      )}
      <div className="border-b border-neutral-200 px-4 py-2">
        <FilterBar columns={gridColumns} filters={filters} onApply={setFilters} />
      </div>
      <div className="relative min-h-0 flex-1">
        {rowsQuery.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : rowsQuery.isError && !rowsQuery.data ? (
          <ErrorState
            title={LOAD_ROWS_ERROR_TITLE}
            error={rowsQuery.error}
            onRetry={() => void rowsQuery.refetch()}
            retrying={rowsQuery.isFetching}
          />
        ) : (
          <>
            {rowsQuery.isError && (
              <Alert tone="error" className="m-2">
                {getErrorMessage(rowsQuery.error)}
              </Alert>
            )}
            <RowsGrid
              columns={shownColumns}
              rows={rows}
              sort={sort}
              onSortChange={setSort}
              widths={prefs.widths}
              onColumnResize={(name, width) =>
                updatePrefs((current) => ({ ...current, widths: { ...current.widths, [name]: width } }))
              }
              selectable={editable}
              selected={selected}
              onSelectedChange={setSelected}
              onEditCell={
                editable && table.data
                  ? (row, gridColumn) => {
                      const column = columns.find((c) => c.name === gridColumn.name)
                      if (!column) return
                      setEditError(undefined)
                      setEditing({ row, column })
                    }
                  : undefined
              }
              viewKey={JSON.stringify({ sort, filters })}
              onNearEnd={() => {
                if (rowsQuery.hasNextPage && !rowsQuery.isFetchingNextPage) void rowsQuery.fetchNextPage()
              }}
            />
            {rows.length === 0 && (
              <p className="absolute inset-x-0 top-20 text-center text-sm text-neutral-600">{NO_ROWS_MESSAGE}</p>
            )}
          </>
        )}
      </div>
      <div className="flex items-center gap-3 border-t border-neutral-200 px-4 py-1.5 text-xs text-neutral-600">
        <span data-testid="rows-loaded">{ROWS_LOADED(rows.length)}</span>
        {rowsQuery.isFetchingNextPage && <span>{LOADING_MORE_LABEL}</span>}
      </div>

      <Dialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open && !update.isPending) setEditing(undefined)
        }}
        title={editing ? EDIT_CELL_TITLE(editing.column.name) : ''}
        description={editing ? `${editing.column.format}` : undefined}
        data-testid="edit-cell-dialog"
      >
        {editing && (
          <CellEditor
            column={editing.column}
            value={editing.row.values[positions.get(editing.column.name) ?? 0] ?? null}
            saving={update.isPending}
            error={editError}
            onCancel={() => setEditing(undefined)}
            renderPicker={
              references.has(editing.column.name)
                ? foreignKeyPicker({ projectRef, tableId, column: editing.column.name })
                : undefined
            }
            onSave={(value) => {
              setEditError(undefined)
              update.mutate({
                ref: projectRef,
                tableId,
                key: rowKey(editing.row),
                values: { [editing.column.name]: value },
              })
            }}
          />
        )}
      </Dialog>
      {inserting && (
        <InsertRowPanel
          open
          onOpenChange={setInserting}
          columns={columns}
          inserting={insert.isPending}
          onInsert={(values) => insert.mutate({ ref: projectRef, tableId, values })}
        />
      )}
      {importing && table.data && (
        <Suspense fallback={null}>
          <ImportCsvPanel
            projectRef={projectRef}
            tableId={tableId}
            tableName={`${table.data.schema}.${table.data.name}`}
            columns={columns}
            onOpenChange={setImporting}
            onImported={(imported) => {
              toast.success(ROWS_IMPORTED_TOAST(imported))
              setImporting(false)
            }}
          />
        </Suspense>
      )}
      {designing && table.data && (
        <Suspense fallback={null}>
          <TableDesignerPanel
            projectRef={projectRef}
            schema={table.data.schema}
            table={table.data}
            onOpenChange={setDesigning}
            onSaved={() => {
              toast.success(TABLE_SAVED_TOAST)
              setDesigning(false)
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={DELETE_ROWS_TITLE(selectedRows.length)}
        description={DELETE_ROWS_DESCRIPTION}
        confirmLabel={DELETE_ROWS_LABEL(selectedRows.length)}
        variant="danger"
        loading={remove.isPending}
        data-testid="delete-rows-dialog"
        onConfirm={() => remove.mutate({ ref: projectRef, tableId, keys: selectedRows.map(rowKey) })}
      />
    </div>
  )
}

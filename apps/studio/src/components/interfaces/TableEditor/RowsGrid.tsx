import 'react-data-grid/lib/styles.css'
import type { CellValue, RowSort } from '@pgfleet/contracts'
import { useEffect, useMemo, useRef } from 'react'
import { type Column, DataGrid, type DataGridHandle, SelectColumn, type SortColumn } from 'react-data-grid'
import {
  DEFAULT_COLUMN_WIDTH_PX,
  LOAD_MORE_THRESHOLD_ROWS,
  MIN_COLUMN_WIDTH_PX,
  NULL_LABEL,
} from './table-editor.constants'

export type GridRow = { key: string; values: CellValue[] }
/** What the grid shows of a column (the table's full description may not have arrived yet). */
export type GridColumn = { name: string; format: string; is_primary_key: boolean }

const ROW_HEIGHT_PX = 30
const HEADER_HEIGHT_PX = 44
/** Long values are cut for the cell; the editor shows all of it. */
const MAX_CELL_CHARS = 200

const NULL_CELL = <span className="text-neutral-400 italic">{NULL_LABEL}</span>

const cellText = (value: CellValue) => (value === null ? NULL_CELL : value.slice(0, MAX_CELL_CHARS))

/**
 * The rows of a table in a virtualised grid (only the rows in view are in the DOM, however many are loaded).
 * Column headers sort; scrolling near the end asks for the next page.
 */
export function RowsGrid({
  columns,
  rows,
  sort,
  onSortChange,
  widths,
  onColumnResize,
  selectable,
  selected,
  onSelectedChange,
  onEditCell,
  onNearEnd,
  viewKey,
}: {
  /** the shown columns, each with its index in a row's values */
  columns: { column: GridColumn; index: number }[]
  rows: GridRow[]
  sort: RowSort | undefined
  onSortChange: (sort: RowSort | undefined) => void
  widths: Record<string, number>
  onColumnResize: (name: string, width: number) => void
  selectable: boolean
  selected: ReadonlySet<string>
  onSelectedChange: (selected: Set<string>) => void
  /** absent when the rows cannot be changed */
  onEditCell?: (row: GridRow, column: GridColumn) => void
  onNearEnd: () => void
  /** changes when the rows start over (another sort or filter): the grid goes back to the top */
  viewKey: string
}) {
  const gridRef = useRef<DataGridHandle>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger, not an input
  useEffect(() => {
    const element = gridRef.current?.element
    if (element) element.scrollTop = 0
  }, [viewKey])
  const gridColumns = useMemo<Column<GridRow>[]>(
    () => [
      ...(selectable ? [SelectColumn as Column<GridRow>] : []),
      ...columns.map(
        ({ column, index }): Column<GridRow> => ({
          key: column.name,
          name: column.name,
          width: widths[column.name] ?? DEFAULT_COLUMN_WIDTH_PX,
          minWidth: MIN_COLUMN_WIDTH_PX,
          resizable: true,
          sortable: true,
          renderHeaderCell: ({ sortDirection }) => (
            <span className="flex flex-col leading-4" data-testid={`column-header-${column.name}`}>
              <span className="truncate font-semibold text-neutral-900">
                {column.name}
                {sortDirection && <span aria-hidden="true">{sortDirection === 'ASC' ? ' ▲' : ' ▼'}</span>}
              </span>
              <span className="truncate text-[11px] font-normal text-neutral-500">
                {column.format}
                {column.is_primary_key ? ' · key' : ''}
              </span>
            </span>
          ),
          cellClass: 'font-mono',
          renderCell: ({ row }) => cellText(row.values[index] ?? null),
        }),
      ),
    ],
    [columns, widths, selectable],
  )
  const sortColumns = useMemo<SortColumn[]>(
    () => (sort ? [{ columnKey: sort.column, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' }] : []),
    [sort],
  )
  const byName = useMemo(() => new Map(columns.map(({ column }) => [column.name, column])), [columns])

  return (
    <DataGrid<GridRow, unknown, string>
      ref={gridRef}
      columns={gridColumns}
      rows={rows}
      rowKeyGetter={(row) => row.key}
      rowHeight={ROW_HEIGHT_PX}
      headerRowHeight={HEADER_HEIGHT_PX}
      className="rdg-light text-xs"
      // fill the space (the grid's own default height is fixed); no scroll anchoring, which would follow the
      // end of the rows as each page is appended and so ask for every page in turn
      style={{ blockSize: '100%', overflowAnchor: 'none' }}
      aria-label="Table rows"
      aria-rowcount={rows.length}
      data-testid="rows-grid"
      sortColumns={sortColumns}
      onSortColumnsChange={(next) => {
        const first = next[0]
        onSortChange(
          first ? { column: first.columnKey, direction: first.direction === 'ASC' ? 'asc' : 'desc' } : undefined,
        )
      }}
      selectedRows={selectable ? selected : undefined}
      onSelectedRowsChange={selectable ? onSelectedChange : undefined}
      onColumnResize={(column, width) => onColumnResize(column.key, Math.round(width))}
      onCellDoubleClick={({ column, row }, event) => {
        const picked = byName.get(column.key)
        if (!picked || !onEditCell) return
        event.preventGridDefault()
        onEditCell(row, picked)
      }}
      onCellKeyDown={({ mode, column, row }, event) => {
        if (mode !== 'ACTIVE' || !row || !column || !onEditCell) return
        const picked = byName.get(column.key)
        if (picked && event.key === 'Enter') {
          event.preventGridDefault()
          onEditCell(row, picked)
        }
      }}
      onScroll={(event) => {
        const target = event.currentTarget
        if (target.scrollTop + target.clientHeight >= target.scrollHeight - LOAD_MORE_THRESHOLD_ROWS * ROW_HEIGHT_PX) {
          onNearEnd()
        }
      }}
    />
  )
}

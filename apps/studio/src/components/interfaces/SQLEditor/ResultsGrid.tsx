import 'react-data-grid/lib/styles.css'
import type { QueryResultSet } from '@pgfleet/contracts'
import { useEffect, useMemo, useState } from 'react'
import { type Column, DataGrid } from 'react-data-grid'
import { toast } from 'sonner'
import { copyWhenFocused } from '../../../lib/clipboard'
import { COPY_FAILED_MESSAGE } from '../../ui/ui.constants'
import { CellViewDialog, type ViewedCell } from './CellViewDialog'
import { COPY_CELL_LABEL, NULL_LABEL, VIEW_CELL_LABEL } from './sql-editor.constants'
import { cellText, columnWidths, displayValue } from './sql-editor.utils'

type Row = unknown[]

const ROW_HEIGHT_PX = 28
const HEADER_HEIGHT_PX = 44

/** Copying needs a focused window: the clipboard refuses otherwise, and the user is told so. */
export async function copyCellValue(value: unknown) {
  if (!(await copyWhenFocused(displayValue(value)))) toast.error(COPY_FAILED_MESSAGE)
}

const NULL_CELL = <span className="text-neutral-400 italic">{NULL_LABEL}</span>

/** Plain text (no element per cell) keeps a scrolled-in screen of cells cheap to render. */
function renderValue(value: unknown) {
  return value === null || value === undefined ? NULL_CELL : cellText(value)
}

type MenuState = { x: number; y: number; cell: ViewedCell }

/** A virtualised grid: only the rows and columns in view are in the DOM, however many rows came back. */
export function ResultsGrid({
  set,
  className,
  fillContainer = false,
}: {
  set: QueryResultSet
  className?: string
  /**
   * fill the parent's height exactly and scroll inside it: the grid's stylesheet sets a 350 px height in a
   * cascade layer that outranks utility classes, so only an inline size holds it to a smaller box
   */
  fillContainer?: boolean
}) {
  const widths = useMemo(() => columnWidths(set.columns, set.rows), [set])
  const columns = useMemo<Column<Row>[]>(
    () =>
      set.columns.map((column, index) => ({
        key: String(index),
        name: column.name,
        width: widths[index],
        resizable: true,
        renderHeaderCell: () => (
          <span className="flex flex-col leading-4">
            <span className="truncate font-semibold text-neutral-900">{column.name}</span>
            <span className="truncate text-[11px] font-normal text-neutral-500">{column.type}</span>
          </span>
        ),
        headerCellClass: 'results-grid-header',
        cellClass: 'font-mono text-[13px]',
        renderCell: ({ row }) => renderValue(row[index]),
      })),
    [set, widths],
  )
  const [viewed, setViewed] = useState<ViewedCell>()
  const [menu, setMenu] = useState<MenuState>()

  useEffect(() => {
    if (!menu) return
    const close = () => setMenu(undefined)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('pointerdown', close)
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('pointerdown', close)
      window.removeEventListener('keydown', onKey)
    }
  }, [menu])

  const cellAt = (columnKey: string, row: Row): ViewedCell => {
    const index = Number(columnKey)
    const column = set.columns[index]
    return { column: column?.name ?? '', type: column?.type ?? '', value: row[index] }
  }

  return (
    <>
      <DataGrid<Row>
        columns={columns}
        rows={set.rows}
        rowHeight={ROW_HEIGHT_PX}
        headerRowHeight={HEADER_HEIGHT_PX}
        className={`rdg-light results-grid h-full text-xs ${className ?? ''}`}
        style={fillContainer ? { blockSize: '100%' } : undefined}
        aria-label="Query results"
        data-testid="results-grid"
        onCellDoubleClick={({ column, row }, event) => {
          event.preventGridDefault()
          setViewed(cellAt(column.key, row))
        }}
        onCellContextMenu={({ column, row }, event) => {
          event.preventGridDefault()
          event.preventDefault()
          setMenu({ x: event.clientX, y: event.clientY, cell: cellAt(column.key, row) })
        }}
        onCellKeyDown={({ mode, column, row }, event) => {
          if (mode !== 'ACTIVE' || !row || !column) return
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c') {
            event.preventGridDefault()
            void copyCellValue(cellAt(column.key, row).value)
          } else if (event.key === 'Enter') {
            event.preventGridDefault()
            setViewed(cellAt(column.key, row))
          }
        }}
      />
      {menu && (
        <div
          role="menu"
          aria-label="Cell actions"
          style={{ left: menu.x, top: menu.y }}
          className="fixed z-50 min-w-36 rounded-md border border-neutral-200 bg-white py-1 text-sm shadow-lg"
          onPointerDown={(event) => event.stopPropagation()}
        >
          <button
            type="button"
            role="menuitem"
            className="block w-full px-3 py-1.5 text-left hover:bg-neutral-100"
            onClick={() => {
              void copyCellValue(menu.cell.value)
              setMenu(undefined)
            }}
          >
            {COPY_CELL_LABEL}
          </button>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-3 py-1.5 text-left hover:bg-neutral-100"
            onClick={() => {
              setViewed(menu.cell)
              setMenu(undefined)
            }}
          >
            {VIEW_CELL_LABEL}
          </button>
        </div>
      )}
      <CellViewDialog cell={viewed} onClose={() => setViewed(undefined)} />
    </>
  )
}

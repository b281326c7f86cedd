import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

const DEFAULT_ROW_CLASS = 'border-b border-neutral-100 last:border-0'

/** A plain table: a header row of small grey column headers, then one row per item, in a horizontal scroller. */
export function DataTable<Row>({
  headers,
  rows,
  rowKey,
  cells,
  rowTestId,
  rowClassName = DEFAULT_ROW_CLASS,
  className,
  'data-testid': testId,
}: {
  /** the column headers, in the order `cells` renders the cells */
  headers: readonly string[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** the `td` cells of one row */
  cells: (row: Row) => ReactNode
  rowTestId?: (row: Row) => string
  /** replaces the rows' default classes */
  rowClassName?: string
  /** classes of the scroller around the table */
  className?: string
  /** the table's test id */
  'data-testid'?: string
}) {
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-neutral-200 text-xs text-neutral-500">
            {headers.map((header) => (
              <th key={header} scope="col" className="py-2 pr-4 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName} data-testid={rowTestId?.(row)}>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

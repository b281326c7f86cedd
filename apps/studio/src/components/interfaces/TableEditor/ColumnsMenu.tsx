import { Columns3 } from 'lucide-react'
import { buttonClassName } from '../../ui/Button'
import { COLUMNS_MENU_LABEL } from './table-editor.constants'

/** Which columns the grid shows; the choice is kept per table in this browser. */
export function ColumnsMenu({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly { name: string }[]
  hidden: readonly string[]
  onToggle: (name: string, shown: boolean) => void
}) {
  return (
    <details className="relative" data-testid="columns-menu">
      <summary className={buttonClassName({ size: 'sm' })} style={{ listStyle: 'none' }}>
        <Columns3 className="size-4" aria-hidden="true" />
        {COLUMNS_MENU_LABEL}
        {hidden.length > 0 ? ` (${columns.length - hidden.length}/${columns.length})` : ''}
      </summary>
      <div className="absolute right-0 z-20 mt-1 max-h-80 w-56 overflow-y-auto rounded-md border border-neutral-200 bg-white p-2 shadow-lg">
        {columns.map((column) => (
          <label key={column.name} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-neutral-50">
            <input
              type="checkbox"
              checked={!hidden.includes(column.name)}
              onChange={(event) => onToggle(column.name, event.target.checked)}
            />
            <span className="truncate font-mono text-xs">{column.name}</span>
          </label>
        ))}
      </div>
    </details>
  )
}

import { useState } from 'react'
import { CodeBlock } from '../../ui/CodeBlock'
import { Dialog } from '../../ui/Dialog'
import { Markdown } from '../../ui/Markdown'
import { CELL_VIEW_TOGGLE, NULL_LABEL } from './sql-editor.constants'

export type ViewedCell = { column: string; type: string; value: unknown }

/** A cell's whole value: JSON pretty-printed; text as written or rendered as Markdown. */
export function CellViewDialog({ cell, onClose }: { cell: ViewedCell | undefined; onClose: () => void }) {
  const [mode, setMode] = useState<keyof typeof CELL_VIEW_TOGGLE>('view')
  const value = cell?.value
  const isText = typeof value === 'string'
  const text =
    value === null || value === undefined
      ? NULL_LABEL
      : typeof value === 'object'
        ? JSON.stringify(value, null, 2)
        : String(value)

  return (
    <Dialog
      open={cell !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          setMode('view')
          onClose()
        }
      }}
      title={cell ? `${cell.column} (${cell.type})` : ''}
      className="max-w-2xl"
      data-testid="cell-view-dialog"
    >
      {isText && (
        <fieldset className="mb-3 inline-flex rounded-md border border-neutral-300 p-0.5 text-xs">
          <legend className="sr-only">Display</legend>
          {(Object.keys(CELL_VIEW_TOGGLE) as (keyof typeof CELL_VIEW_TOGGLE)[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={mode === key}
              onClick={() => setMode(key)}
              className={
                mode === key ? 'rounded bg-neutral-900 px-2 py-1 text-white' : 'rounded px-2 py-1 text-neutral-700'
              }
            >
              {CELL_VIEW_TOGGLE[key]}
            </button>
          ))}
        </fieldset>
      )}
      {isText && mode === 'markdown' ? (
        <Markdown text={text} className="text-sm text-neutral-800" />
      ) : (
        <CodeBlock
          value={text}
          className="max-h-[60vh] overflow-y-auto [&_pre]:whitespace-pre-wrap"
          data-testid="cell-value"
        />
      )}
    </Dialog>
  )
}

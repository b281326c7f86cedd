import type { CellValue, PgColumn } from '@pgfleet/contracts'
import { useId, useState } from 'react'
import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { CONTROL_CLASSES } from '../../ui/Input'
import { cellToSend, editorKind, validateCell } from './cell-value'
import {
  CANCEL_LABEL,
  DEFAULT_HINT,
  GENERATED_HINT,
  IDENTITY_ALWAYS_HINT,
  INSERT_ROW_DESCRIPTION,
  INSERT_ROW_LABEL,
  INSERT_ROW_TITLE,
  NULL_LABEL,
  USE_DEFAULT_LABEL,
} from './table-editor.constants'
import { ValueInput } from './ValueInput'

type Mode = 'default' | 'null' | 'value'
type Entry = { mode: Mode; text: string }

/** Columns the database always fills in itself. */
const writtenByDatabase = (column: PgColumn) => column.is_generated || column.identity_generation === 'ALWAYS'

function initialEntry(column: PgColumn): Entry {
  const hasDefault = column.default_value !== null || column.is_identity || column.is_nullable
  return { mode: hasDefault ? 'default' : 'value', text: editorKind(column) === 'boolean' ? 'false' : '' }
}

/** The values to send: defaults are left out, so identity, serial and `default` expressions apply. */
export function insertValues(columns: PgColumn[], entries: Record<string, Entry>): Record<string, CellValue> {
  const values: Record<string, CellValue> = {}
  for (const column of columns) {
    const entry = entries[column.name]
    if (!entry || writtenByDatabase(column) || entry.mode === 'default') continue
    values[column.name] = entry.mode === 'null' ? null : cellToSend(editorKind(column), entry.text)
  }
  return values
}

function ColumnInput({
  column,
  entry,
  onChange,
  disabled,
}: {
  column: PgColumn
  entry: Entry
  onChange: (entry: Entry) => void
  disabled: boolean
}) {
  const id = useId()
  const kind = editorKind(column)
  const problem = entry.mode === 'value' ? validateCell(kind, cellToSend(kind, entry.text)) : undefined
  const fixed = writtenByDatabase(column)
  const hint = column.is_generated
    ? GENERATED_HINT
    : column.identity_generation === 'ALWAYS'
      ? IDENTITY_ALWAYS_HINT
      : column.default_value !== null
        ? DEFAULT_HINT(column.default_value)
        : column.is_identity
          ? IDENTITY_ALWAYS_HINT
          : ''
  return (
    <div className="space-y-1.5" data-testid={`insert-column-${column.name}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {column.name} <span className="font-mono text-xs font-normal text-neutral-500">{column.format}</span>
        </label>
        {!fixed && (
          <select
            aria-label={`${column.name} value source`}
            className={cn(CONTROL_CLASSES, 'h-7 w-28 py-0 text-xs')}
            value={entry.mode}
            disabled={disabled}
            onChange={(event) => onChange({ ...entry, mode: event.target.value as Mode })}
          >
            <option value="value">Value</option>
            <option value="default">{USE_DEFAULT_LABEL}</option>
            {column.is_nullable && <option value="null">{NULL_LABEL}</option>}
          </select>
        )}
      </div>
      {entry.mode === 'value' && !fixed && (
        <ValueInput
          id={id}
          kind={kind}
          column={column}
          value={entry.text}
          onChange={(text) => onChange({ ...entry, text })}
          disabled={disabled}
          invalid={Boolean(problem)}
        />
      )}
      {hint && <p className="font-mono text-xs text-neutral-500">{hint}</p>}
      {problem && <p className="text-xs text-red-600">{problem}</p>}
    </div>
  )
}

/** The side panel that inserts one row, showing which columns the database fills in. */
export function InsertRowPanel({
  open,
  onOpenChange,
  columns,
  onInsert,
  inserting,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  columns: PgColumn[]
  onInsert: (values: Record<string, CellValue>) => void
  inserting: boolean
}) {
  const [entries, setEntries] = useState<Record<string, Entry>>(() =>
    Object.fromEntries(columns.map((column) => [column.name, initialEntry(column)])),
  )
  const entryOf = (column: PgColumn) => entries[column.name] ?? initialEntry(column)
  const invalid = columns.some((column) => {
    const entry = entryOf(column)
    const kind = editorKind(column)
    return entry.mode === 'value' && !writtenByDatabase(column) && validateCell(kind, cellToSend(kind, entry.text))
  })
  const submit = () => {
    const all = Object.fromEntries(columns.map((column) => [column.name, entryOf(column)]))
    onInsert(insertValues(columns, all))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      variant="side"
      title={INSERT_ROW_TITLE}
      description={INSERT_ROW_DESCRIPTION}
      data-testid="insert-row-panel"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={inserting}>
            {CANCEL_LABEL}
          </Button>
          <Button variant="primary" onClick={submit} loading={inserting} disabled={invalid}>
            {INSERT_ROW_LABEL}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {columns.map((column) => (
          <ColumnInput
            key={column.name}
            column={column}
            entry={entryOf(column)}
            disabled={inserting}
            onChange={(entry) => setEntries((current) => ({ ...current, [column.name]: entry }))}
          />
        ))}
      </div>
    </Dialog>
  )
}

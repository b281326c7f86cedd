import type { CellValue } from '@pgfleet/contracts'
import { type ReactNode, useId, useState } from 'react'
import { Button } from '../../ui/Button'
import { cellToSend, type EditableColumn, editorKind, jsonForEditing, validateCell } from './cell-value'
import {
  CANCEL_LABEL,
  EMPTY_STRING_HINT,
  NOT_NULLABLE_HINT,
  SAVE_LABEL,
  SET_NULL_LABEL,
} from './table-editor.constants'
import { ValueInput } from './ValueInput'

/**
 * One cell's editor: the control its type calls for, NULL as a choice of its own (an empty text is not NULL),
 * and the check of the value before it is sent.
 */
export function CellEditor({
  column,
  value,
  onSave,
  onCancel,
  saving = false,
  error,
  renderPicker,
}: {
  column: EditableColumn
  value: CellValue
  onSave: (value: CellValue) => void
  onCancel: () => void
  saving?: boolean
  /** the server's refusal of the last save */
  error?: string
  /** a list to choose the value from (a foreign key's referenced rows), given what sets the value */
  renderPicker?: (choose: (value: string) => void, current: string, disabled: boolean) => ReactNode
}) {
  const id = useId()
  const kind = editorKind(column)
  const [isNull, setIsNull] = useState(value === null)
  const [text, setText] = useState(() => (value === null ? '' : kind === 'json' ? jsonForEditing(value) : value))
  const next: CellValue = isNull ? null : cellToSend(kind, text)
  const invalid = validateCell(kind, next)
  const save = () => {
    if (!invalid && !saving) onSave(next)
  }

  return (
    <form
      className="space-y-3"
      data-testid="cell-editor"
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      <ValueInput
        id={id}
        kind={kind}
        column={column}
        value={text}
        onChange={setText}
        onSubmit={save}
        disabled={isNull || saving}
        invalid={Boolean(invalid)}
        autoFocus
      />
      {renderPicker?.(
        (chosen) => {
          setIsNull(false)
          setText(chosen)
        },
        isNull ? '' : text,
        saving,
      )}
      <div className="flex items-center justify-between gap-3 text-xs text-neutral-600">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={isNull}
            disabled={!column.is_nullable || saving}
            onChange={(event) => setIsNull(event.target.checked)}
          />
          <span className="font-mono">{SET_NULL_LABEL}</span>
        </label>
        <span>{!column.is_nullable ? NOT_NULLABLE_HINT : kind === 'text' && !isNull ? EMPTY_STRING_HINT : ''}</span>
      </div>
      {(invalid || error) && (
        <p role="alert" className="text-xs text-red-600">
          {invalid ?? error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onCancel} disabled={saving}>
          {CANCEL_LABEL}
        </Button>
        <Button type="submit" variant="primary" loading={saving} disabled={Boolean(invalid)}>
          {SAVE_LABEL}
        </Button>
      </div>
    </form>
  )
}

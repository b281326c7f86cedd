import { cn } from '../../../lib/cn'
import { CONTROL_CLASSES } from '../../ui/Input'
import type { EditableColumn, EditorKind } from './cell-value'

const PLACEHOLDERS: Partial<Record<EditorKind, string>> = {
  datetime: 'YYYY-MM-DD HH:MM:SS+00',
  time: 'HH:MM:SS',
  json: '{ }',
}

/** The typed control of one value (never NULL: that is a choice next to it). */
export function ValueInput({
  id,
  kind,
  column,
  value,
  onChange,
  onSubmit,
  disabled,
  invalid,
  autoFocus,
}: {
  id: string
  kind: EditorKind
  column: EditableColumn
  value: string
  onChange: (value: string) => void
  /** Enter in a one-line control */
  onSubmit?: () => void
  disabled?: boolean
  invalid?: boolean
  autoFocus?: boolean
}) {
  const common = {
    id,
    disabled,
    autoFocus,
    'aria-invalid': invalid || undefined,
    'aria-label': column.name,
  }
  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? ['true', 'false'] : column.enums
    return (
      <select
        {...common}
        className={cn(CONTROL_CLASSES, 'pr-8')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {!options.includes(value) && <option value={value}>{value === '' ? 'Choose a value' : value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    )
  }
  if (kind === 'json' || kind === 'text') {
    return (
      <textarea
        {...common}
        className={cn(CONTROL_CLASSES, 'min-h-32 font-mono text-xs')}
        value={value}
        placeholder={PLACEHOLDERS[kind]}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault()
            onSubmit?.()
          }
        }}
      />
    )
  }
  return (
    <input
      {...common}
      type={kind === 'date' ? 'date' : 'text'}
      inputMode={kind === 'integer' || kind === 'number' ? 'decimal' : undefined}
      className={cn(CONTROL_CLASSES, 'font-mono')}
      value={value}
      placeholder={PLACEHOLDERS[kind]}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          onSubmit?.()
        }
      }}
    />
  )
}

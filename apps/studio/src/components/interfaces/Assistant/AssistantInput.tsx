import { ArrowUp, Square } from 'lucide-react'
import type { KeyboardEvent, Ref } from 'react'
import { Alert } from '../../ui/Alert'
import { MESSAGE_INPUT_LABEL, SEND_LABEL, STOP_LABEL } from './assistant.constants'

/**
 * The message box: Enter sends, Shift+Enter adds a line. Disabled while a reply streams and whenever the
 * assistant cannot answer (no key, or disabled by the platform), with the reason shown above it.
 */
export function AssistantInput({
  value,
  onChange,
  onSubmit,
  onStop,
  placeholder,
  blocker,
  loading,
  ref,
}: {
  value: string
  onChange: (value: string) => void
  onSubmit: (value: string) => void
  onStop?: () => void
  placeholder: string
  /** why the assistant cannot answer, or null */
  blocker: string | null
  loading: boolean
  ref?: Ref<HTMLTextAreaElement>
}) {
  const disabled = Boolean(blocker) || loading
  const submit = () => {
    if (disabled || !value.trim()) return
    onSubmit(value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // a key that confirms an input method's composition is not a send
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }

  return (
    <div className="space-y-2 border-t border-neutral-200 p-3">
      {blocker && (
        <Alert tone="warning" data-testid="assistant-blocker">
          {blocker}
        </Alert>
      )}
      <div className="flex items-end gap-2 rounded-md border border-neutral-300 bg-white p-1.5 focus-within:border-emerald-600">
        <textarea
          ref={ref}
          aria-label={MESSAGE_INPUT_LABEL}
          data-testid="assistant-input"
          rows={2}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-none bg-transparent px-1.5 py-1 text-sm text-neutral-900 outline-none placeholder:text-neutral-400 disabled:cursor-not-allowed disabled:text-neutral-400"
        />
        {loading && onStop ? (
          <button
            type="button"
            onClick={onStop}
            aria-label={STOP_LABEL}
            className="rounded-md bg-neutral-900 p-1.5 text-white hover:bg-neutral-700"
          >
            <Square className="size-4" aria-hidden="true" />
          </button>
        ) : (
          <button
            type="button"
            onClick={submit}
            disabled={disabled || !value.trim()}
            aria-label={SEND_LABEL}
            data-testid="assistant-send"
            className="rounded-md bg-emerald-600 p-1.5 text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:bg-neutral-300"
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  )
}

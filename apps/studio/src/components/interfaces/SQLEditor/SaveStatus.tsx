import { type SaveIndicator, saveIndicator } from '../../../state/sql-editor-save-queue'
import { retrySave, useSqlEditorStore } from '../../../state/sql-editor-store'
import { SAVE_RETRY_NOW_LABEL, SAVE_STATUS_LABELS } from './sql-editor.constants'

const TONES: Record<SaveIndicator, string> = {
  saved: 'text-neutral-500',
  unsaved: 'text-amber-700',
  saving: 'text-neutral-600',
  failed: 'text-red-700',
  conflict: 'text-red-700',
}

/** The snippet's save state, from the first keystroke ('Unsaved') until the save lands ('Saved'). */
export function SaveStatus({ snippetId, readOnly }: { snippetId: string; readOnly: boolean }) {
  const draft = useSqlEditorStore((state) => state.drafts[snippetId])
  const typing = useSqlEditorStore((state) => Boolean(state.typing[snippetId]))
  const scratch = useSqlEditorStore((state) => Boolean(state.scratch[snippetId]))
  if (!draft || scratch) return null
  const indicator = saveIndicator(draft, typing)
  const label = readOnly
    ? SAVE_STATUS_LABELS.forbidden
    : indicator === 'failed'
      ? draft.retryable
        ? SAVE_STATUS_LABELS.failed
        : SAVE_STATUS_LABELS.failedNoRetry
      : indicator === 'conflict'
        ? SAVE_STATUS_LABELS.failedNoRetry
        : SAVE_STATUS_LABELS[indicator]
  return (
    <span
      className={`flex items-center gap-1 text-xs ${TONES[indicator]}`}
      data-testid="save-status"
      data-state={indicator}
      data-status={draft.status}
      title={draft.error ?? undefined}
      aria-live="polite"
    >
      {label}
      {indicator === 'failed' && !readOnly && (
        <button type="button" className="underline" onClick={() => retrySave(snippetId)}>
          {SAVE_RETRY_NOW_LABEL}
        </button>
      )}
    </span>
  )
}

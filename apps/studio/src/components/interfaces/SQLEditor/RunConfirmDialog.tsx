import { ConfirmDialog } from '../../ui/ConfirmDialog'
import {
  CONFIRM_EXECUTION_HINT,
  CONFIRM_EXECUTION_QUESTION,
  RUN_CANCEL_LABEL,
  RUN_CONFIRM_LABEL,
} from './sql-editor.constants'

/** Asked before an unsafe query runs: the warning, the question, the hint, then Cancel or Run. */
export function RunConfirmDialog({
  warning,
  onAnswer,
}: {
  /** the safety warning; the dialog is closed while undefined */
  warning: string | undefined
  onAnswer: (run: boolean) => void
}) {
  return (
    <ConfirmDialog
      open={warning !== undefined}
      onOpenChange={(open) => {
        if (!open) onAnswer(false)
      }}
      title={warning ?? ''}
      description={CONFIRM_EXECUTION_QUESTION}
      confirmLabel={RUN_CONFIRM_LABEL}
      cancelLabel={RUN_CANCEL_LABEL}
      variant="danger"
      onConfirm={() => onAnswer(true)}
      data-testid="run-confirm-dialog"
    >
      <p className="text-sm text-neutral-700">{CONFIRM_EXECUTION_HINT}</p>
    </ConfirmDialog>
  )
}

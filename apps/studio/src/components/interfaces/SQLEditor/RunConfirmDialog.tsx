import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { RUN_CANCEL_LABEL, RUN_CONFIRM_LABEL } from './sql-editor.constants'
import type { RunConfirmation } from './sql-editor.utils'

/**
 * Asked before an unsafe query runs: the warning, then the question (or, when the SQL removes something,
 * the hint and the statements that would), then Cancel or Run.
 */
export function RunConfirmDialog({
  request,
  onAnswer,
}: {
  /** what to ask; the dialog is closed while undefined */
  request: RunConfirmation | undefined
  onAnswer: (run: boolean) => void
}) {
  const statements = request?.destructiveStatements ?? []
  return (
    <ConfirmDialog
      open={request !== undefined}
      onOpenChange={(open) => {
        if (!open) onAnswer(false)
      }}
      title={request?.warning ?? ''}
      description={request?.question}
      confirmLabel={RUN_CONFIRM_LABEL}
      cancelLabel={RUN_CANCEL_LABEL}
      variant="danger"
      onConfirm={() => onAnswer(true)}
      data-testid="run-confirm-dialog"
    >
      {statements.length > 0 && (
        <ul className="space-y-1" data-testid="destructive-statements">
          {statements.map((statement, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two statements may read the same
              key={index}
              className="rounded bg-red-50 px-2 py-1 font-mono text-xs break-all text-red-800"
            >
              {statement}
            </li>
          ))}
        </ul>
      )}
    </ConfirmDialog>
  )
}

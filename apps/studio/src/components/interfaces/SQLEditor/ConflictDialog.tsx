import type { Snippet } from '@pgfleet/contracts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import {
  CONFLICT_KEEP_MINE_LABEL,
  CONFLICT_TAKE_THEIRS_LABEL,
  CONFLICT_TITLE,
  SNIPPET_CONFLICT_MESSAGE,
} from './sql-editor.constants'

/** A save found the snippet changed elsewhere: nothing is overwritten until the user picks a side. */
export function ConflictDialog({
  mine,
  theirs,
  onChoose,
}: {
  mine: string
  theirs: Snippet | null
  onChoose: (choice: 'mine' | 'theirs') => void
}) {
  return (
    <Dialog
      open={theirs !== null}
      // closing without a choice keeps the conflict (and the text) until the user decides
      onOpenChange={() => undefined}
      title={CONFLICT_TITLE}
      description={SNIPPET_CONFLICT_MESSAGE}
      className="max-w-3xl"
      data-testid="snippet-conflict-dialog"
      footer={
        <>
          <Button onClick={() => onChoose('theirs')}>{CONFLICT_TAKE_THEIRS_LABEL}</Button>
          <Button variant="primary" onClick={() => onChoose('mine')}>
            {CONFLICT_KEEP_MINE_LABEL}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <p className="mb-1 text-xs font-medium text-neutral-600">Yours</p>
          <pre className="max-h-64 overflow-auto rounded border border-neutral-200 bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap">
            {mine}
          </pre>
        </div>
        <div>
          <p className="mb-1 text-xs font-medium text-neutral-600">
            Theirs{theirs ? ` (${theirs.owner.username}, ${new Date(theirs.updated_at).toLocaleString()})` : ''}
          </p>
          <pre className="max-h-64 overflow-auto rounded border border-neutral-200 bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap">
            {theirs?.content.sql}
          </pre>
        </div>
      </div>
    </Dialog>
  )
}

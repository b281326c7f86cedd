import type { MoveFolderConflict, MoveFolderResponse } from '@pgfleet/contracts'
import { type FormEvent, useEffect, useState } from 'react'
import { getErrorMessage, isApiError } from '../../../../data/fetcher'
import { useCheckFolderMoveMutation, useMoveFolderMutation } from '../../../../data/storage/object-mutations'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { Dialog } from '../../../ui/Dialog'
import { Input } from '../../../ui/Input'
import { FOLDER_MOVE_CHECK_FAILED, FOLDER_MOVE_NOTHING_MOVED, FOLDER_MOVING } from './storage-browser.constants'
import { baseName, folderProblem, joinPath, nameProblem, normalizeFolder, parentOf } from './storage-browser.utils'

/**
 * Renames a folder or moves it elsewhere, with everything under it. Three steps: type where to, see what a dry
 * run found (how many objects, and any conflict, which blocks the move), confirm. The server moves all or
 * nothing, so the outcome is either "moved N objects" or "nothing was moved" with the reasons.
 */
type Step =
  | { kind: 'edit' }
  | { kind: 'confirm'; check: MoveFolderResponse }
  | { kind: 'blocked'; check: MoveFolderResponse; message: string }

/** The destination folder typed in the dialog, as a full path. */
export function folderDestination(mode: 'rename' | 'move', from: string, typed: string): string {
  return mode === 'rename' ? joinPath(parentOf(from), typed.trim()) : joinPath(normalizeFolder(typed), baseName(from))
}

function ConflictList({ conflicts, total }: { conflicts: MoveFolderConflict[]; total: number }) {
  return (
    <ul className="max-h-40 overflow-y-auto font-mono text-xs text-neutral-700" data-testid="folder-move-conflicts">
      {conflicts.map((conflict) => (
        <li key={conflict.path} className="truncate" title={conflict.message}>
          {conflict.message}
        </li>
      ))}
      {total > conflicts.length && <li>and {total - conflicts.length} more</li>}
    </ul>
  )
}

/** Seconds since the move started, so a long one visibly keeps going. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0)
  useEffect(() => {
    if (!running) return
    setSeconds(0)
    const started = Date.now()
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000)
    return () => clearInterval(timer)
  }, [running])
  return seconds
}

export function FolderMoveDialog({
  mode,
  folder,
  target,
  onCancel,
  onMoved,
}: {
  mode: 'rename' | 'move'
  folder: string
  target: { ref: string; bucketId: string }
  onCancel: () => void
  onMoved: (answer: MoveFolderResponse) => void
}) {
  const [value, setValue] = useState(mode === 'rename' ? baseName(folder) : parentOf(folder))
  const [touched, setTouched] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  const [failure, setFailure] = useState<string | null>(null)
  const check = useCheckFolderMoveMutation()
  const move = useMoveFolderMutation()
  const elapsed = useElapsedSeconds(move.isPending)
  const to = folderDestination(mode, folder, value)
  const problem =
    mode === 'rename'
      ? nameProblem(value.trim())
      : (folderProblem(normalizeFolder(value)) ??
        (to === folder ? 'The folder is already there' : to.startsWith(`${folder}/`) ? 'Not into itself' : null))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    setFailure(null)
    if (problem) return
    check.mutate(
      { ...target, from: folder, to },
      {
        onSuccess: (answer) =>
          setStep(
            answer.conflictCount > 0
              ? { kind: 'blocked', check: answer, message: FOLDER_MOVE_NOTHING_MOVED(answer) }
              : { kind: 'confirm', check: answer },
          ),
        onError: (error) => setFailure(FOLDER_MOVE_CHECK_FAILED(getErrorMessage(error))),
      },
    )
  }

  const confirm = (check: MoveFolderResponse) =>
    move.mutate(
      { ...target, from: folder, to: check.to },
      {
        onSuccess: (answer) => onMoved(answer),
        onError: (error) => {
          const body = isApiError(error) ? (error.body as Partial<MoveFolderResponse> | undefined) : undefined
          if (body?.conflicts && body.conflictCount) {
            setStep({ kind: 'blocked', check: body as MoveFolderResponse, message: getErrorMessage(error) })
          } else setFailure(getErrorMessage(error))
        },
      },
    )

  const title = mode === 'rename' ? `Rename folder ${baseName(folder)}` : `Move folder ${baseName(folder)}`
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !move.isPending && onCancel()}
      title={title}
      description={`${folder}/ and everything in it`}
      data-testid="folder-move-dialog"
    >
      {step.kind === 'edit' && (
        <form onSubmit={submit} className="space-y-4">
          <Input
            label={mode === 'rename' ? 'New folder name' : 'Move into folder'}
            value={value}
            autoFocus
            placeholder={mode === 'move' ? 'e.g. archive/2024 (empty for the top level)' : undefined}
            onChange={(event) => setValue(event.target.value)}
            error={touched && problem ? problem : undefined}
            data-testid="folder-move-target"
          />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex justify-end gap-2">
            <Button onClick={onCancel}>Cancel</Button>
            <Button type="submit" variant="primary" loading={check.isPending} data-testid="folder-move-next">
              Continue
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'confirm' && (
        <div className="space-y-4">
          <p className="text-sm text-neutral-800" data-testid="folder-move-summary">
            Move {step.check.objects} {step.check.objects === 1 ? 'object' : 'objects'} from{' '}
            <span className="font-mono">{step.check.from}/</span> to <span className="font-mono">{step.check.to}/</span>
            ?
          </p>
          {move.isPending && (
            <div className="space-y-1" data-testid="folder-move-progress">
              <div
                role="progressbar"
                aria-label={FOLDER_MOVING(step.check.objects)}
                className="h-1.5 overflow-hidden rounded bg-neutral-100"
              >
                <div className="h-full w-1/3 animate-pulse rounded bg-emerald-500" />
              </div>
              <p className="text-xs text-neutral-500">
                {FOLDER_MOVING(step.check.objects)} {elapsed > 0 && `(${elapsed} s)`}
              </p>
            </div>
          )}
          {failure && (
            <Alert tone="error" data-testid="folder-move-failure">
              {failure}
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onCancel} disabled={move.isPending}>
              Cancel
            </Button>
            <Button
              variant="primary"
              loading={move.isPending}
              onClick={() => confirm(step.check)}
              data-testid="folder-move-confirm"
            >
              {failure ? 'Try again' : mode === 'rename' ? 'Rename' : 'Move'}
            </Button>
          </div>
        </div>
      )}
      {step.kind === 'blocked' && (
        <div className="space-y-3">
          <Alert tone="error" data-testid="folder-move-blocked">
            {step.message}
          </Alert>
          <ConflictList conflicts={step.check.conflicts} total={step.check.conflictCount} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setStep({ kind: 'edit' })}>Choose another name</Button>
            <Button onClick={onCancel}>Close</Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}

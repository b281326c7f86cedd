import { type FormEvent, useState } from 'react'
import { Button } from '../../../ui/Button'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import { Dialog } from '../../../ui/Dialog'
import { Input } from '../../../ui/Input'
import { folderProblem, joinPath, nameProblem, normalizeFolder } from './storage-browser.utils'

/** Names a new folder inside `parent`. */
export function NewFolderDialog({
  parent,
  saving,
  onCancel,
  onCreate,
}: {
  parent: string
  saving: boolean
  onCancel: () => void
  onCreate: (path: string) => void
}) {
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const problem = nameProblem(name.trim())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!problem) onCreate(joinPath(parent, name.trim()))
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="New folder"
      description={parent === '' ? 'At the top level of the bucket' : `Inside ${parent}`}
      data-testid="new-folder-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <Input
          label="Folder name"
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          error={touched && problem ? problem : undefined}
          data-testid="new-folder-name"
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" loading={saving} data-testid="new-folder-create">
            Create folder
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/**
 * Renames one object (a new name in the same folder) or moves several to another folder (typed as a path,
 * '' for the top level). Folders themselves are not moved: their objects are.
 */
export function MoveDialog({
  mode,
  paths,
  currentFolder,
  saving,
  onCancel,
  onMove,
}: {
  mode: 'rename' | 'move'
  paths: string[]
  currentFolder: string
  saving: boolean
  onCancel: () => void
  onMove: (moves: { from: string; to: string }[]) => void
}) {
  const only = paths[0] ?? ''
  const [value, setValue] = useState(mode === 'rename' ? only.slice(only.lastIndexOf('/') + 1) : currentFolder)
  const [touched, setTouched] = useState(false)
  const problem = mode === 'rename' ? nameProblem(value.trim()) : folderProblem(normalizeFolder(value))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (problem) return
    if (mode === 'rename') {
      const parent = only.includes('/') ? only.slice(0, only.lastIndexOf('/')) : ''
      onMove([{ from: only, to: joinPath(parent, value.trim()) }])
    } else {
      const folder = normalizeFolder(value)
      onMove(paths.map((from) => ({ from, to: joinPath(folder, from.slice(from.lastIndexOf('/') + 1)) })))
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={mode === 'rename' ? 'Rename object' : `Move ${paths.length} ${paths.length === 1 ? 'object' : 'objects'}`}
      description={mode === 'rename' ? only : 'Type the folder to move them to; leave it empty for the top level.'}
      data-testid="move-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <Input
          label={mode === 'rename' ? 'New name' : 'Destination folder'}
          value={value}
          autoFocus
          placeholder={mode === 'move' ? 'e.g. photos/2024' : undefined}
          onChange={(event) => setValue(event.target.value)}
          error={touched && problem ? problem : undefined}
          data-testid="move-target"
        />
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary" loading={saving} data-testid="move-confirm">
            {mode === 'rename' ? 'Rename' : 'Move'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Asks before deleting objects and folders (a folder goes with everything in it). */
export function DeleteObjectsDialog({
  paths,
  folders,
  deleting,
  onCancel,
  onConfirm,
}: {
  paths: string[]
  folders: string[]
  deleting: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const total = paths.length + folders.length
  const names = [...folders.map((folder) => `${folder}/`), ...paths]
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={total === 1 ? `Delete ${names[0]}?` : `Delete ${total} items?`}
      description={
        folders.length > 0
          ? 'Folders are deleted with everything in them. This cannot be undone.'
          : 'This cannot be undone.'
      }
      confirmLabel="Delete"
      variant="danger"
      loading={deleting}
      data-testid="delete-objects-dialog"
      onConfirm={onConfirm}
    >
      {total > 1 && (
        <ul className="max-h-40 overflow-y-auto font-mono text-xs text-neutral-700" data-testid="delete-list">
          {names.slice(0, 50).map((name) => (
            <li key={name} className="truncate">
              {name}
            </li>
          ))}
          {names.length > 50 && <li>and {names.length - 50} more</li>}
        </ul>
      )}
    </ConfirmDialog>
  )
}

import { useRef } from 'react'
import type { FolderEdit } from './folder-edit'
import { FOLDER_NAME_PLACEHOLDER } from './sql-editor.constants'

export function FolderNameInput({
  edit,
  onSave,
  onCancel,
}: {
  edit: FolderEdit
  onSave: (name: string) => void
  onCancel: () => void
}) {
  const done = useRef(false)
  return (
    <input
      // biome-ignore lint/a11y/noAutofocus: a new or renamed folder is edited right away
      autoFocus
      defaultValue={edit.name}
      disabled={edit.status === 'saving'}
      placeholder={FOLDER_NAME_PLACEHOLDER}
      aria-label={FOLDER_NAME_PLACEHOLDER}
      onBlur={(event) => {
        if (done.current) return
        done.current = true
        onSave(event.target.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          done.current = true
          onSave(event.currentTarget.value)
        } else if (event.key === 'Escape') {
          done.current = true
          onCancel()
        }
      }}
      className="min-w-0 flex-1 rounded border border-emerald-600 px-1.5 py-0.5 text-sm"
      data-testid="folder-name-input"
      data-status={edit.status}
    />
  )
}

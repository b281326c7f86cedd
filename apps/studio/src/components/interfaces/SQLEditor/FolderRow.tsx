import type { Folder as FolderItem } from '@pgfleet/contracts'
import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react'
import { Menu } from '../../ui/Menu'
import { FolderNameInput } from './FolderNameInput'
import type { FolderEdit } from './folder-edit'
import { FOLDER_ACTION_LABELS, FOLDER_ACTIONS_LABEL } from './sql-editor.constants'
import type { SnippetListItem } from './sql-editor.utils'

/** One folder of the private section: its name (or the rename input), its actions and, when open, its queries. */
export function FolderRow({
  folder,
  depth,
  editing,
  open,
  items,
  renderItem,
  onToggle,
  onEdit,
  onSave,
  onCancel,
  onDelete,
}: {
  folder: FolderItem
  depth: number
  editing: FolderEdit | undefined
  open: boolean
  items: readonly SnippetListItem[]
  renderItem: (item: SnippetListItem) => React.ReactNode
  onToggle: () => void
  onEdit: (edit: FolderEdit) => void
  onSave: (edit: FolderEdit, name: string) => void
  onCancel: () => void
  onDelete: (folder: FolderItem) => void
}) {
  return (
    <li data-testid="folder-item" data-folder-name={editing?.name ?? folder.name}>
      <div
        className="group flex items-center gap-1 rounded px-1 py-0.5 hover:bg-neutral-100"
        style={{ paddingLeft: `${depth * 12 + 4}px` }}
      >
        <button
          type="button"
          aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} folder ${folder.name}`}
          onClick={onToggle}
          className="w-4 text-neutral-500"
        >
          {open ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
        </button>
        {editing ? (
          <FolderNameInput edit={editing} onSave={(name) => onSave(editing, name)} onCancel={onCancel} />
        ) : (
          <span className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-neutral-800" data-testid="folder-name">
            {open ? (
              <FolderOpen aria-hidden="true" data-testid="folder-icon" className="size-4 shrink-0 text-neutral-500" />
            ) : (
              <Folder aria-hidden="true" data-testid="folder-icon" className="size-4 shrink-0 text-neutral-500" />
            )}
            <span className="truncate">{folder.name}</span>
          </span>
        )}
        {!editing && (
          <Menu
            label={`${FOLDER_ACTIONS_LABEL}: ${folder.name}`}
            trigger={<span aria-hidden="true">⋯</span>}
            triggerClassName="opacity-60 group-hover:opacity-100"
            items={[
              {
                label: FOLDER_ACTION_LABELS.rename,
                onSelect: () =>
                  onEdit({
                    id: folder.id,
                    name: folder.name,
                    status: 'editing',
                    isNew: false,
                    previousName: folder.name,
                  }),
              },
              { label: FOLDER_ACTION_LABELS.delete, danger: true, onSelect: () => onDelete(folder) },
            ]}
          />
        )}
      </div>
      {open && items.length > 0 && (
        <ul className="ml-4" aria-label={`Queries in ${folder.name}`}>
          {items.map(renderItem)}
        </ul>
      )}
    </li>
  )
}

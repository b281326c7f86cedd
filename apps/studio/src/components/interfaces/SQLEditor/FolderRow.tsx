import type { Folder } from '@pgfleet/contracts'
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
  folder: Folder
  depth: number
  editing: FolderEdit | undefined
  open: boolean
  items: readonly SnippetListItem[]
  renderItem: (item: SnippetListItem) => React.ReactNode
  onToggle: () => void
  onEdit: (edit: FolderEdit) => void
  onSave: (edit: FolderEdit, name: string) => void
  onCancel: () => void
  onDelete: (folder: Folder) => void
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
          {open ? '▾' : '▸'}
        </button>
        {editing ? (
          <FolderNameInput edit={editing} onSave={(name) => onSave(editing, name)} onCancel={onCancel} />
        ) : (
          <span className="flex-1 truncate text-sm text-neutral-800" data-testid="folder-name">
            📁 {folder.name}
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

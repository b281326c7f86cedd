import type { Folder } from '@pgfleet/contracts'
import { memo } from 'react'
import { NavLink } from 'react-router'
import { cn } from '../../../lib/cn'
import { isDirty } from '../../../state/sql-editor-save-queue'
import { useSqlEditorStore } from '../../../state/sql-editor-store'
import { Menu } from '../../ui/Menu'
import { SNIPPET_ACTION_LABELS, SNIPPET_ACTIONS_LABEL } from './sql-editor.constants'
import { type SnippetListItem, snippetLabel } from './sql-editor.utils'

export type RowActions = {
  favorite: (item: SnippetListItem) => void
  share: (item: SnippetListItem, shared: boolean) => void
  move: (item: SnippetListItem, folderId: string | null) => void
  remove: (item: SnippetListItem) => void
}

export const SnippetRow = memo(function SnippetRow({
  item,
  projectRef,
  active,
  folders,
  actions,
  ownedByOther,
}: {
  item: SnippetListItem
  projectRef: string
  active: boolean
  folders: readonly { folder: Folder; depth: number }[]
  actions: RowActions
  /** someone else's shared snippet: only its owner changes it (Owners and Administrators may delete it) */
  ownedByOther: boolean
}) {
  const unsaved = useSqlEditorStore((state) => {
    const draft = state.drafts[item.id]
    return Boolean(state.typing[item.id]) || (draft !== undefined && (isDirty(draft) || draft.status !== 'IDLE'))
  })
  const label = snippetLabel(item.name)
  return (
    <li data-testid="snippet-item" data-snippet-id={item.id} data-snippet-name={label}>
      <div
        className={cn(
          'group flex items-center gap-1 rounded px-1 py-0.5',
          active ? 'bg-emerald-50 text-emerald-900' : 'hover:bg-neutral-100',
        )}
      >
        <NavLink
          to={`/project/${projectRef}/sql/${item.id}`}
          className="flex min-w-0 flex-1 items-center gap-1.5 truncate py-0.5"
          aria-current={active ? 'page' : undefined}
        >
          <span className="truncate">{label}</span>
          {item.favorite && (
            <span title="Favorite" className="text-amber-500">
              <span aria-hidden="true">★</span>
              <span className="sr-only">Favorite</span>
            </span>
          )}
          {item.visibility === 'project' && <span className="text-[10px] text-sky-700 uppercase">shared</span>}
          {unsaved && (
            <span title="Unsaved changes" className="size-1.5 shrink-0 rounded-full bg-amber-500">
              <span className="sr-only">Unsaved changes</span>
            </span>
          )}
        </NavLink>
        <Menu
          label={`${SNIPPET_ACTIONS_LABEL}: ${label}`}
          trigger={<span aria-hidden="true">⋯</span>}
          triggerClassName="opacity-60 group-hover:opacity-100"
          items={[
            ...(ownedByOther
              ? []
              : [
                  {
                    label: item.favorite ? SNIPPET_ACTION_LABELS.unfavorite : SNIPPET_ACTION_LABELS.favorite,
                    onSelect: () => actions.favorite(item),
                  },
                  {
                    label: item.visibility === 'project' ? SNIPPET_ACTION_LABELS.unshare : SNIPPET_ACTION_LABELS.share,
                    onSelect: () => actions.share(item, item.visibility !== 'project'),
                  },
                  ...folders
                    .filter(({ folder }) => folder.id !== item.folder_id)
                    .map(({ folder }) => ({
                      label: SNIPPET_ACTION_LABELS.moveTo(folder.name),
                      onSelect: () => actions.move(item, folder.id),
                    })),
                  ...(item.folder_id
                    ? [{ label: SNIPPET_ACTION_LABELS.moveToRoot, onSelect: () => actions.move(item, null) }]
                    : []),
                ]),
            { label: SNIPPET_ACTION_LABELS.delete, danger: true, onSelect: () => actions.remove(item) },
          ]}
        />
      </div>
    </li>
  )
})

import type { Folder, Snippet } from '@pgfleet/contracts'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { NavLink, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useFolderCreateMutation } from '../../../data/content/folder-create-mutation'
import { useFolderDeleteMutation } from '../../../data/content/folder-delete-mutation'
import { useFolderUpdateMutation } from '../../../data/content/folder-update-mutation'
import { useFoldersQuery } from '../../../data/content/folders-query'
import { useSnippetDeleteMutation } from '../../../data/content/snippet-delete-mutation'
import { useSnippetsQuery } from '../../../data/content/snippets-query'
import { getErrorMessage } from '../../../data/fetcher'
import { cn } from '../../../lib/cn'
import { uuidv4 } from '../../../lib/uuid'
import { isDirty } from '../../../state/sql-editor-save-queue'
import {
  backupsOfProject,
  createDraft,
  detachFolder,
  editSnippet,
  forgetSnippet,
  loadSnippet,
  restoreDraftFromBackup,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Menu } from '../../ui/Menu'
import { Skeleton } from '../../ui/Skeleton'
import {
  DELETE_FOLDER_DESCRIPTION,
  DELETE_FOLDER_TITLE,
  DELETE_SNIPPET_DESCRIPTION,
  DELETE_SNIPPET_TITLE,
  FAVORITES_SECTION_TITLE,
  FOLDER_ACTION_LABELS,
  FOLDER_ACTIONS_LABEL,
  FOLDER_CREATE_FAILED,
  FOLDER_CREATED_MESSAGE,
  FOLDER_DELETE_FAILED,
  FOLDER_NAME_PLACEHOLDER,
  FOLDER_SAVE_FAILED,
  FOLDER_UPDATED_MESSAGE,
  NEW_FOLDER_LABEL,
  NEW_FOLDER_PLACEHOLDER_ID_PREFIX,
  NEW_QUERY_LABEL,
  NEW_QUERY_NAME,
  NO_SEARCH_RESULTS,
  NO_SNIPPETS_DESCRIPTION,
  NO_SNIPPETS_TITLE,
  PRIVATE_SECTION_TITLE,
  SHARED_SECTION_TITLE,
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_ACTION_LABELS,
  SNIPPET_ACTIONS_LABEL,
  SNIPPET_DELETE_FAILED,
  SNIPPET_SORT_OPTIONS,
  SNIPPETS_SEARCH_PLACEHOLDER,
  SNIPPETS_SORT_LABEL,
  type SnippetSort,
} from './sql-editor.constants'
import {
  checkFolderName,
  filterSnippets,
  flattenFolders,
  groupSnippets,
  listItemOf,
  type SnippetListItem,
  snippetLabel,
  sortSnippets,
} from './sql-editor.utils'
import { useCurrentUserForSaves } from './use-sql-editor-support'

const SORT_STORAGE_KEY = 'pgfleet.sql-editor.sort'

function initialSort(): SnippetSort {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(SORT_STORAGE_KEY)
  return SNIPPET_SORT_OPTIONS.some((option) => option.value === stored) ? (stored as SnippetSort) : 'updated_at'
}

/** Folder editing states (spec 02, section 4): a new folder is created on save, an existing one renamed. */
type FolderEdit = { id: string; name: string; status: 'editing' | 'saving'; isNew: boolean; previousName: string }

/**
 * Only the list fields of this project's drafts, as one string: the sidebar re-renders when a name,
 * folder, favorite or visibility changes, never for typed SQL.
 */
function useDraftListKey(projectRef: string) {
  return useSqlEditorStore((state) => {
    let key = ''
    for (const draft of Object.values(state.drafts)) {
      if (draft.projectRef !== projectRef || state.scratch[draft.id]) continue
      key += `${draft.id}|${draft.name}|${draft.folder_id}|${draft.favorite}|${draft.visibility}|${draft.baseVersion}\n`
    }
    return key
  })
}

export function SnippetsSidebar({ projectRef, activeId }: { projectRef: string; activeId: string | undefined }) {
  const navigate = useNavigate()
  const snippetsQuery = useSnippetsQuery({ ref: projectRef })
  const foldersQuery = useFoldersQuery({ ref: projectRef })
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<SnippetSort>(initialSort)
  const [folderEdit, setFolderEdit] = useState<FolderEdit>()
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({})
  const [deleting, setDeleting] = useState<SnippetListItem>()
  const [deletingFolder, setDeletingFolder] = useState<Folder>()
  const draftKey = useDraftListKey(projectRef)
  const currentUserId = useCurrentUserForSaves()
  const folderSeq = useRef(0)

  const serverSnippets = snippetsQuery.data?.data

  // unsaved work left by an earlier visit (a crash, a closed tab) comes back and is saved
  useEffect(() => {
    if (!serverSnippets) return
    for (const backup of backupsOfProject(projectRef)) {
      if (useSqlEditorStore.getState().drafts[backup.id]) continue
      const server = serverSnippets.find((snippet) => snippet.id === backup.id)
      if (server) loadSnippet(projectRef, server)
      else restoreDraftFromBackup(backup)
    }
  }, [serverSnippets, projectRef])
  const serverById = useMemo(
    () => new Map<string, Snippet>((serverSnippets ?? []).map((snippet) => [snippet.id, snippet])),
    [serverSnippets],
  )
  const folders = useMemo(() => flattenFolders(foldersQuery.data?.data ?? []), [foldersQuery.data])
  const folderIds = useMemo(() => new Set(folders.map(({ folder }) => folder.id)), [folders])

  // biome-ignore lint/correctness/useExhaustiveDependencies: draftKey stands for the drafts' list fields
  const items = useMemo(() => {
    const drafts = useSqlEditorStore.getState().drafts
    const scratch = useSqlEditorStore.getState().scratch
    const merged: SnippetListItem[] = []
    for (const snippet of serverSnippets ?? []) {
      const item = listItemOf(snippet, drafts[snippet.id])
      if (item) merged.push(item)
    }
    for (const draft of Object.values(drafts)) {
      if (draft.projectRef !== projectRef || scratch[draft.id] || serverById.has(draft.id)) continue
      // a query never saved shows once it has something to save
      if (draft.baseVersion === null && !isDirty(draft) && draft.id !== activeId) continue
      const item = listItemOf(undefined, draft)
      if (item) merged.push(item)
    }
    // a snippet whose folder is gone (deleted elsewhere) shows at the top level
    return merged.map((item) =>
      item.folder_id && !folderIds.has(item.folder_id) ? { ...item, folder_id: null } : item,
    )
  }, [serverSnippets, serverById, draftKey, projectRef, folderIds, activeId])

  const sorted = useMemo(() => sortSnippets(items, sort), [items, sort])
  const sections = useMemo(() => groupSnippets(sorted), [sorted])
  const searchResults = useMemo(() => (search.trim() ? filterSnippets(sorted, search) : []), [sorted, search])

  const createFolder = useFolderCreateMutation()
  const updateFolder = useFolderUpdateMutation()
  const deleteFolder = useFolderDeleteMutation()
  const deleteSnippet = useSnippetDeleteMutation()

  const changeSnippet = (item: SnippetListItem, patch: Parameters<typeof editSnippet>[1]) => {
    const server = serverById.get(item.id)
    if (!useSqlEditorStore.getState().drafts[item.id] && server) loadSnippet(projectRef, server)
    editSnippet(item.id, patch)
  }

  const moveToFolder = (item: SnippetListItem, folderId: string | null) => {
    if (folderId && item.visibility === 'project') {
      toast.error(SHARED_SNIPPET_IN_FOLDER_MESSAGE)
      return
    }
    changeSnippet(item, { folder_id: folderId })
    if (folderId) setCollapsed((state) => ({ ...state, [folderId]: false }))
  }

  const setShared = (item: SnippetListItem, shared: boolean) => {
    if (shared && item.folder_id) {
      toast.error(SHARED_SNIPPET_IN_FOLDER_MESSAGE)
      return
    }
    changeSnippet(item, { visibility: shared ? 'project' : 'user' })
  }

  const newQuery = () => {
    const id = uuidv4()
    createDraft(id, projectRef, { name: NEW_QUERY_NAME })
    navigate(`/project/${projectRef}/sql/${id}`)
  }

  const newFolder = () => {
    folderSeq.current += 1
    setFolderEdit({
      id: `${NEW_FOLDER_PLACEHOLDER_ID_PREFIX}${folderSeq.current}`,
      name: '',
      status: 'editing',
      isNew: true,
      previousName: '',
    })
  }

  const saveFolder = (edit: FolderEdit, name: string) => {
    const existing = folders.map(({ folder }) => folder)
    const check = checkFolderName(name, existing, edit.isNew ? undefined : edit.id)
    if (edit.isNew) {
      if (!check.ok) {
        // a new folder with no name, or a taken one, goes away
        setFolderEdit(undefined)
        if (check.message) toast.error(check.message)
        return
      }
      setFolderEdit({ ...edit, name: check.name, status: 'saving' })
      createFolder.mutate(
        { ref: projectRef, name: check.name },
        {
          onSuccess: () => toast.success(FOLDER_CREATED_MESSAGE),
          onError: (error) => toast.error(FOLDER_CREATE_FAILED(getErrorMessage(error))),
          onSettled: () => setFolderEdit(undefined),
        },
      )
      return
    }
    if (!check.ok || check.name === edit.previousName) {
      // an empty, unchanged or taken name leaves the folder as it was
      setFolderEdit(undefined)
      if (check.ok === false && check.message) toast.error(check.message)
      return
    }
    setFolderEdit({ ...edit, name: check.name, status: 'saving' })
    updateFolder.mutate(
      { ref: projectRef, id: edit.id, name: check.name },
      {
        onSuccess: () => toast.success(FOLDER_UPDATED_MESSAGE),
        // the previous name comes back with the folder list
        onError: (error) => toast.error(FOLDER_SAVE_FAILED(getErrorMessage(error))),
        onSettled: () => setFolderEdit(undefined),
      },
    )
  }

  const latestActions = useRef<RowActions>(null)
  latestActions.current = {
    favorite: (item) => changeSnippet(item, { favorite: !item.favorite }),
    share: setShared,
    move: moveToFolder,
    remove: setDeleting,
  }
  // stable, so rows re-render only when their own item changes
  const rowActions = useMemo<RowActions>(
    () => ({
      favorite: (item) => latestActions.current?.favorite(item),
      share: (item, shared) => latestActions.current?.share(item, shared),
      move: (item, folderId) => latestActions.current?.move(item, folderId),
      remove: (item) => latestActions.current?.remove(item),
    }),
    [],
  )

  const renderItem = (item: SnippetListItem) => (
    <SnippetRow
      key={item.id}
      item={item}
      projectRef={projectRef}
      active={item.id === activeId}
      folders={folders}
      actions={rowActions}
      ownedByOther={currentUserId !== null && item.owner_id !== 0 && item.owner_id !== currentUserId}
    />
  )

  const loading = snippetsQuery.isPending || foldersQuery.isPending
  const empty = !loading && items.length === 0 && folders.length === 0 && !folderEdit

  const folderRows = folders.map(({ folder, depth }) => {
    const editing = folderEdit && folderEdit.id === folder.id ? folderEdit : undefined
    const open = !collapsed[folder.id]
    const children = sections.byFolder.get(folder.id) ?? []
    return (
      <li key={folder.id} data-testid="folder-item" data-folder-name={editing?.name ?? folder.name}>
        <div
          className="group flex items-center gap-1 rounded px-1 py-0.5 hover:bg-neutral-100"
          style={{ paddingLeft: `${depth * 12 + 4}px` }}
        >
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} folder ${folder.name}`}
            onClick={() => setCollapsed((state) => ({ ...state, [folder.id]: open }))}
            className="w-4 text-neutral-500"
          >
            {open ? '▾' : '▸'}
          </button>
          {editing ? (
            <FolderNameInput
              edit={editing}
              onSave={(name) => saveFolder(editing, name)}
              onCancel={() => setFolderEdit(undefined)}
            />
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
                    setFolderEdit({
                      id: folder.id,
                      name: folder.name,
                      status: 'editing',
                      isNew: false,
                      previousName: folder.name,
                    }),
                },
                { label: FOLDER_ACTION_LABELS.delete, danger: true, onSelect: () => setDeletingFolder(folder) },
              ]}
            />
          )}
        </div>
        {open && children.length > 0 && (
          <ul className="ml-4" aria-label={`Queries in ${folder.name}`}>
            {children.map(renderItem)}
          </ul>
        )}
      </li>
    )
  })

  return (
    <aside
      aria-label="Queries"
      className="flex h-full w-64 shrink-0 flex-col border-r border-neutral-200 bg-white"
      data-testid="snippets-sidebar"
    >
      <div className="space-y-2 border-b border-neutral-200 p-3">
        <div className="flex gap-2">
          <Button variant="primary" size="sm" className="flex-1" onClick={newQuery} data-testid="new-query">
            {NEW_QUERY_LABEL}
          </Button>
          <Button size="sm" onClick={newFolder} data-testid="new-folder">
            {NEW_FOLDER_LABEL}
          </Button>
        </div>
        <div className="flex items-center gap-1">
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={SNIPPETS_SEARCH_PLACEHOLDER}
            aria-label={SNIPPETS_SEARCH_PLACEHOLDER}
            className="min-w-0 flex-1 rounded-md border border-neutral-300 px-2 py-1 text-sm"
          />
          <Menu
            label={SNIPPETS_SORT_LABEL}
            trigger={<span aria-hidden="true">⇅</span>}
            items={SNIPPET_SORT_OPTIONS.map((option) => ({
              label: option.label,
              checked: sort === option.value,
              onSelect: () => {
                setSort(option.value)
                localStorage.setItem(SORT_STORAGE_KEY, option.value)
              },
            }))}
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2 text-sm [contain:strict]">
        {loading ? (
          <div className="space-y-2 p-1">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        ) : search.trim() ? (
          searchResults.length === 0 ? (
            <p className="p-2 text-neutral-500">{NO_SEARCH_RESULTS(search.trim())}</p>
          ) : (
            <section aria-label="Search results">
              <RowChunks items={searchResults} render={renderItem} />
            </section>
          )
        ) : empty ? (
          <div
            className="m-1 rounded-md border border-dashed border-neutral-300 p-4 text-center"
            data-testid="snippets-empty"
          >
            <p className="font-medium text-neutral-800">{NO_SNIPPETS_TITLE}</p>
            <p className="mt-1 text-xs text-neutral-500">{NO_SNIPPETS_DESCRIPTION}</p>
          </div>
        ) : (
          <>
            {sections.favorites.length > 0 && (
              <Section title={FAVORITES_SECTION_TITLE}>
                <RowChunks items={sections.favorites} render={renderItem} />
              </Section>
            )}
            {sections.shared.length > 0 && (
              <Section title={SHARED_SECTION_TITLE}>
                <RowChunks items={sections.shared} render={renderItem} />
              </Section>
            )}
            <Section title={PRIVATE_SECTION_TITLE}>
              <ul>
                {folderEdit?.isNew && (
                  <li
                    className="flex items-center gap-1 px-1 py-0.5"
                    data-testid="folder-item"
                    data-folder-id={folderEdit.id}
                  >
                    <span className="w-4 text-neutral-500">▸</span>
                    <FolderNameInput
                      edit={folderEdit}
                      onSave={(name) => saveFolder(folderEdit, name)}
                      onCancel={() => setFolderEdit(undefined)}
                    />
                  </li>
                )}
                {folderRows}
              </ul>
              <RowChunks items={sections.root} render={renderItem} />
            </Section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined)
        }}
        title={DELETE_SNIPPET_TITLE(snippetLabel(deleting?.name))}
        description={DELETE_SNIPPET_DESCRIPTION}
        confirmLabel={SNIPPET_ACTION_LABELS.delete}
        variant="danger"
        loading={deleteSnippet.isPending}
        onConfirm={() => {
          const item = deleting
          if (!item) return
          const done = () => {
            forgetSnippet(item.id)
            setDeleting(undefined)
            if (item.id === activeId) navigate(`/project/${projectRef}/sql`)
          }
          if (!serverById.has(item.id) && useSqlEditorStore.getState().drafts[item.id]?.baseVersion === null) {
            done()
            return
          }
          deleteSnippet.mutate(
            { ref: projectRef, id: item.id },
            { onSuccess: done, onError: (error) => toast.error(SNIPPET_DELETE_FAILED(getErrorMessage(error))) },
          )
        }}
      />
      <ConfirmDialog
        open={deletingFolder !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeletingFolder(undefined)
        }}
        title={DELETE_FOLDER_TITLE(deletingFolder?.name ?? '')}
        description={DELETE_FOLDER_DESCRIPTION}
        confirmLabel={FOLDER_ACTION_LABELS.delete}
        variant="danger"
        loading={deleteFolder.isPending}
        onConfirm={() => {
          if (!deletingFolder) return
          const { id, parent_id } = deletingFolder
          deleteFolder.mutate(
            { ref: projectRef, id },
            {
              onSuccess: () => {
                detachFolder(id, parent_id)
                setDeletingFolder(undefined)
              },
              onError: (error) => toast.error(FOLDER_DELETE_FAILED(getErrorMessage(error))),
            },
          )
        }}
      />
    </aside>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-3" aria-label={title}>
      <h3 className="px-1 pb-1 text-[11px] font-semibold tracking-wide text-neutral-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

const ROW_CHUNK_SIZE = 50
const ROW_HEIGHT_PX = 28

/**
 * Rows in blocks of 50; a block out of view skips style, layout and paint (content-visibility), so a
 * thousand snippets cost typing next to them nothing. Blocks, not rows: each skipped box is watched by
 * the browser, and a thousand watchers would cost more than they save.
 */
function RowChunks({
  items,
  render,
}: {
  items: readonly SnippetListItem[]
  render: (item: SnippetListItem) => React.ReactNode
}) {
  const chunks: SnippetListItem[][] = []
  for (let i = 0; i < items.length; i += ROW_CHUNK_SIZE) chunks.push(items.slice(i, i + ROW_CHUNK_SIZE))
  return chunks.map((chunk) => (
    <ul
      key={chunk[0]?.id}
      className="[content-visibility:auto]"
      style={{ containIntrinsicSize: `auto ${chunk.length * ROW_HEIGHT_PX}px` }}
    >
      {chunk.map(render)}
    </ul>
  ))
}

function FolderNameInput({
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

type RowActions = {
  favorite: (item: SnippetListItem) => void
  share: (item: SnippetListItem, shared: boolean) => void
  move: (item: SnippetListItem, folderId: string | null) => void
  remove: (item: SnippetListItem) => void
}

const SnippetRow = memo(function SnippetRow({
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

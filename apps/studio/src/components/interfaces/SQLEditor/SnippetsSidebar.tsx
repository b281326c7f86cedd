import type { Folder } from '@pgfleet/contracts'
import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useFolderDeleteMutation } from '../../../data/content/folder-delete-mutation'
import { useFoldersQuery } from '../../../data/content/folders-query'
import { useSnippetDeleteMutation } from '../../../data/content/snippet-delete-mutation'
import { useSnippetsQuery } from '../../../data/content/snippets-query'
import { getErrorMessage } from '../../../data/fetcher'
import {
  detachFolder,
  editSnippet,
  forgetSnippet,
  loadSnippet,
  useSqlEditorStore,
} from '../../../state/sql-editor-store'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Skeleton } from '../../ui/Skeleton'
import { FolderNameInput } from './FolderNameInput'
import { FolderRow } from './FolderRow'
import { RowChunks, Section } from './SnippetListSections'
import { type RowActions, SnippetRow } from './SnippetRow'
import { SnippetsSidebarHeader } from './SnippetsSidebarHeader'
import { initialSort } from './snippets-sort-storage'
import {
  DELETE_FOLDER_DESCRIPTION,
  DELETE_FOLDER_TITLE,
  DELETE_SNIPPET_DESCRIPTION,
  DELETE_SNIPPET_TITLE,
  FAVORITES_SECTION_TITLE,
  FOLDER_ACTION_LABELS,
  FOLDER_DELETE_FAILED,
  NEW_QUERY_NAME,
  NO_SEARCH_RESULTS,
  NO_SNIPPETS_DESCRIPTION,
  NO_SNIPPETS_TITLE,
  PRIVATE_SECTION_TITLE,
  SHARED_SECTION_TITLE,
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_ACTION_LABELS,
  SNIPPET_DELETE_FAILED,
  type SnippetSort,
} from './sql-editor.constants'
import {
  filterSnippets,
  flattenFolders,
  groupSnippets,
  type SnippetListItem,
  snippetLabel,
  sortSnippets,
} from './sql-editor.utils'
import { useFolderEdit } from './use-folder-edit'
import { useSnippetListItems } from './use-snippet-list-items'
import { useCreateSnippet, useCurrentUserForSaves } from './use-sql-editor-support'

export function SnippetsSidebar({ projectRef, activeId }: { projectRef: string; activeId: string | undefined }) {
  const navigate = useNavigate()
  const snippetsQuery = useSnippetsQuery({ ref: projectRef })
  const foldersQuery = useFoldersQuery({ ref: projectRef })
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<SnippetSort>(initialSort)
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({})
  const [deleting, setDeleting] = useState<SnippetListItem>()
  const [deletingFolder, setDeletingFolder] = useState<Folder>()
  const currentUserId = useCurrentUserForSaves()
  const createSnippet = useCreateSnippet(projectRef)

  const folders = useMemo(() => flattenFolders(foldersQuery.data?.data ?? []), [foldersQuery.data])
  const { items, serverById } = useSnippetListItems({
    projectRef,
    activeId,
    serverSnippets: snippetsQuery.data?.data,
    folders,
  })
  const { folderEdit, setFolderEdit, newFolder, saveFolder } = useFolderEdit(projectRef, folders)

  const sorted = useMemo(() => sortSnippets(items, sort), [items, sort])
  const sections = useMemo(() => groupSnippets(sorted), [sorted])
  const searchResults = useMemo(() => (search.trim() ? filterSnippets(sorted, search) : []), [sorted, search])

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
    const id = createSnippet({ name: NEW_QUERY_NAME })
    if (id) navigate(`/project/${projectRef}/sql/${id}`)
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
    const open = !collapsed[folder.id]
    return (
      <FolderRow
        key={folder.id}
        folder={folder}
        depth={depth}
        editing={folderEdit && folderEdit.id === folder.id ? folderEdit : undefined}
        open={open}
        items={sections.byFolder.get(folder.id) ?? []}
        renderItem={renderItem}
        onToggle={() => setCollapsed((state) => ({ ...state, [folder.id]: open }))}
        onEdit={setFolderEdit}
        onSave={saveFolder}
        onCancel={() => setFolderEdit(undefined)}
        onDelete={setDeletingFolder}
      />
    )
  })

  return (
    <aside
      aria-label="Queries"
      className="flex h-52 w-full shrink-0 flex-col border-b border-neutral-200 bg-white md:h-full md:w-64 md:border-r md:border-b-0"
      data-testid="snippets-sidebar"
    >
      <SnippetsSidebarHeader
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
        onNewQuery={newQuery}
        onNewFolder={newFolder}
      />
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

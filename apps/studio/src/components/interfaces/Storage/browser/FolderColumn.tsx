import type { StorageEntry } from '@pgfleet/contracts'
import { ChevronRight, File, FileImage, FileJson, FileText, Folder } from 'lucide-react'
import { memo, useMemo } from 'react'
import { useFolderQuery } from '../../../../data/storage/objects-query'
import { cn } from '../../../../lib/cn'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { ErrorState } from '../../../ui/ErrorState'
import { Skeleton } from '../../../ui/Skeleton'
import { Spinner } from '../../../ui/Spinner'
import { EMPTY_FOLDER_MESSAGE, LOAD_FOLDER_FAILED, LOAD_MORE_FAILED, ROW_HEIGHT_PX } from './storage-browser.constants'
import { baseName, isFolder, previewKindOf, selectionKey } from './storage-browser.utils'
import { VirtualList } from './VirtualList'

function EntryIcon({ entry }: { entry: StorageEntry }) {
  if (isFolder(entry)) return <Folder aria-hidden className="size-4 shrink-0 text-emerald-700" />
  const kind = previewKindOf(entry.name, entry.metadata?.mimetype)
  const Icon = kind === 'image' ? FileImage : kind === 'json' ? FileJson : kind === 'text' ? FileText : File
  return <Icon aria-hidden className="size-4 shrink-0 text-neutral-500" />
}

/** One entry; memoized so that scrolling renders only the rows that come into view. */
const EntryRow = memo(function EntryRow({
  entry,
  fullPath,
  selectKey,
  active,
  selected,
  canWrite,
  onOpenFolder,
  onPreview,
  onToggleSelect,
}: {
  entry: StorageEntry
  fullPath: string
  selectKey: string
  active: boolean
  selected: boolean
  canWrite: boolean
  onOpenFolder: (folder: string) => void
  onPreview: (path: string, entry: StorageEntry) => void
  onToggleSelect: (key: string) => void
}) {
  const folderEntry = isFolder(entry)
  return (
    <div
      className={cn(
        'group flex h-full items-center gap-2 px-2 text-sm',
        active ? 'bg-emerald-50 text-emerald-900' : 'text-neutral-800 hover:bg-neutral-50',
        selected && 'bg-sky-50',
      )}
      data-testid={`entry-${entry.name}`}
      data-kind={folderEntry ? 'folder' : 'file'}
    >
      {canWrite && (
        <input
          type="checkbox"
          aria-label={`Select ${entry.name}`}
          checked={selected}
          onChange={() => onToggleSelect(selectKey)}
          className="size-3.5 shrink-0"
        />
      )}
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-2 text-left"
        onClick={(event) => {
          if (canWrite && (event.metaKey || event.ctrlKey)) onToggleSelect(selectKey)
          else if (folderEntry) onOpenFolder(fullPath)
          else onPreview(fullPath, entry)
        }}
      >
        <EntryIcon entry={entry} />
        <span className="truncate">{entry.name}</span>
      </button>
      {folderEntry && <ChevronRight aria-hidden className="size-4 shrink-0 text-neutral-400" />}
    </div>
  )
})

/**
 * One folder as a column: its entries a page at a time, virtualized. Clicking a folder opens it in the next
 * column, clicking a file previews it; the checkbox (or Ctrl/Cmd-click) selects several.
 */
export function FolderColumn({
  projectRef,
  bucketId,
  path,
  openChild,
  previewPath,
  selected,
  canWrite,
  onOpenFolder,
  onPreview,
  onToggleSelect,
}: {
  projectRef: string
  bucketId: string
  path: string
  /** the sub-folder open in the next column, if any */
  openChild: string | null
  previewPath: string | null
  selected: ReadonlySet<string>
  canWrite: boolean
  onOpenFolder: (folder: string) => void
  onPreview: (path: string, entry: StorageEntry) => void
  onToggleSelect: (key: string) => void
}) {
  const folder = useFolderQuery({ ref: projectRef, bucketId, path })
  const entries = useMemo(() => folder.data?.pages.flatMap((page) => page.entries) ?? [], [folder.data])
  const label = path === '' ? bucketId : baseName(path)
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = folder
  const loadMore = useMemo(
    () => () => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage()
    },
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  )

  return (
    <section
      aria-label={`Folder ${label}`}
      data-testid={`folder-column-${path === '' ? '(root)' : path}`}
      className="flex h-full w-64 shrink-0 flex-col border-r border-neutral-200"
    >
      <header className="truncate border-b border-neutral-100 px-3 py-2 text-xs font-medium text-neutral-600">
        {label}
      </header>
      {folder.isPending ? (
        <div className="space-y-2 p-3">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-3/4" />
        </div>
      ) : folder.isError && entries.length === 0 ? (
        <div className="p-3">
          <ErrorState
            title={LOAD_FOLDER_FAILED}
            error={folder.error}
            onRetry={() => void folder.refetch()}
            retrying={folder.isFetching}
          />
        </div>
      ) : entries.length === 0 ? (
        <p className="p-4 text-center text-sm text-neutral-500" data-testid="empty-folder">
          {EMPTY_FOLDER_MESSAGE}
        </p>
      ) : (
        <VirtualList
          className="min-h-0 flex-1"
          data-testid="folder-entries"
          aria-label={`Contents of ${label}`}
          count={entries.length}
          rowHeight={ROW_HEIGHT_PX}
          onNearEnd={loadMore}
          renderRow={(index) => {
            const entry = entries[index] as StorageEntry
            const fullPath = path === '' ? entry.name : `${path}/${entry.name}`
            const key = selectionKey(path, entry)
            return (
              <EntryRow
                entry={entry}
                fullPath={fullPath}
                selectKey={key}
                active={isFolder(entry) ? openChild === fullPath : previewPath === fullPath}
                selected={selected.has(key)}
                canWrite={canWrite}
                onOpenFolder={onOpenFolder}
                onPreview={onPreview}
                onToggleSelect={onToggleSelect}
              />
            )
          }}
          footer={
            isFetchingNextPage ? (
              <div className="flex justify-center p-2">
                <Spinner />
              </div>
            ) : isFetchNextPageError ? (
              <div className="space-y-2 p-2">
                <Alert tone="error">{LOAD_MORE_FAILED}</Alert>
                <Button size="sm" onClick={() => void fetchNextPage()}>
                  Try again
                </Button>
              </div>
            ) : null
          }
        />
      )}
    </section>
  )
}

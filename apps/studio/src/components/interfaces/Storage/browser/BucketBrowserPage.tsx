import { PermissionAction, PermissionResource, type StorageEntry } from '@pgfleet/contracts'
import { ArrowLeft, FolderPen, FolderPlus, MoveRight, Trash2, Upload } from 'lucide-react'
import { type DragEvent, useCallback, useMemo, useRef, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../../data/fetcher'
import { useProjectDetailQuery } from '../../../../data/projects/project-detail-query'
import { useBucketsQuery } from '../../../../data/storage/buckets-query'
import {
  useCreateFolderMutation,
  useDeleteObjectsMutation,
  useMoveObjectsMutation,
} from '../../../../data/storage/object-mutations'
import { cn } from '../../../../lib/cn'
import { useCan } from '../../../../lib/use-can'
import { Alert } from '../../../ui/Alert'
import { Badge } from '../../../ui/Badge'
import { Button } from '../../../ui/Button'
import { ErrorState } from '../../../ui/ErrorState'
import { PageContainer } from '../../../ui/PageContainer'
import { Skeleton } from '../../../ui/Skeleton'
import { LOAD_BUCKETS_FAILED, PRIVATE_BADGE, PUBLIC_BADGE, STORAGE_NOT_RUNNING } from '../storage.constants'
import { FolderColumn } from './FolderColumn'
import { FolderMoveDialog } from './FolderMoveDialog'
import { DeleteObjectsDialog, MoveDialog, NewFolderDialog } from './ObjectDialogs'
import { PreviewPanel } from './PreviewPanel'
import {
  BROWSER_BACK_LABEL,
  BUCKET_NOT_FOUND,
  CREATE_FOLDER_FAILED,
  DELETE_FAILED,
  DELETE_LABEL,
  DROP_HINT,
  FOLDER_MOVED,
  MOVE_FAILED,
  MOVE_FOLDER_LABEL,
  MOVE_LABEL,
  NEW_FOLDER_LABEL,
  READ_ONLY_NOTE,
  RENAME_FOLDER_LABEL,
  UPLOAD_LABEL,
} from './storage-browser.constants'
import { splitSelection } from './storage-browser.utils'
import { UploadPanel } from './UploadPanel'
import { uploadPath } from './upload-queue'
import { useUploadQueue } from './use-upload-queue'

type Editing =
  | { kind: 'new-folder' }
  | { kind: 'move'; mode: 'rename' | 'move'; paths: string[] }
  | { kind: 'move-folder'; mode: 'rename' | 'move'; folder: string }
  | { kind: 'delete'; paths: string[]; folders: string[] }
  | null

/** The open folders, from the `path` search parameter: '' (the top level), then each folder down to it. */
function columnsOf(openPath: string): string[] {
  const columns = ['']
  if (openPath === '') return columns
  const segments = openPath.split('/')
  for (let index = 1; index <= segments.length; index++) columns.push(segments.slice(0, index).join('/'))
  return columns
}

/** /project/{ref}/storage/buckets/{id}: one bucket's folders in columns, with uploads, preview and object actions. */
export function BucketBrowserPage() {
  const { ref = '', id: bucketId = '' } = useParams()
  const project = useProjectDetailQuery({ ref })
  const buckets = useBucketsQuery({ ref })
  const { can: canWrite } = useCan(PermissionAction.UPDATE, PermissionResource.STORAGE, {
    orgSlug: project.data?.organization_slug,
  })
  const [searchParams, setSearchParams] = useSearchParams()
  const openPath = searchParams.get('path') ?? ''
  const columns = useMemo(() => columnsOf(openPath), [openPath])
  const [preview, setPreview] = useState<{ path: string; entry: StorageEntry } | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [editing, setEditing] = useState<Editing>(null)
  const [dragging, setDragging] = useState(false)
  const picker = useRef<HTMLInputElement>(null)
  const { queue, items } = useUploadQueue(ref, bucketId)
  const createFolder = useCreateFolderMutation()
  const deleteObjects = useDeleteObjectsMutation()
  const moveObjects = useMoveObjectsMutation()

  const bucket = buckets.data?.find((candidate) => candidate.id === bucketId)
  const running = project.data?.status === 'ACTIVE_HEALTHY'
  const target = { ref, bucketId }

  const openFolder = useCallback(
    (folder: string) => {
      setPreview(null)
      setSearchParams(folder === '' ? {} : { path: folder }, { replace: true })
    },
    [setSearchParams],
  )
  const toggleSelect = useCallback((key: string) => {
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }, [])
  const showPreview = useCallback(
    (path: string, entry: StorageEntry) => {
      setPreview({ path, entry })
      // the file's folder becomes the deepest open column
      const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
      if (parent !== openPath) setSearchParams(parent === '' ? {} : { path: parent }, { replace: true })
    },
    [openPath, setSearchParams],
  )

  const addFiles = (files: FileList | File[]) => {
    const list = [...files]
    if (list.length === 0) return
    queue.add(list.map((file) => ({ path: uploadPath(openPath, file.name), file })))
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (canWrite) addFiles(event.dataTransfer.files)
  }

  const selection = splitSelection(selected)
  // one folder alone moves as a whole; files move one by one
  const onlyFolder = selection.paths.length === 0 && selection.folders.length === 1 ? selection.folders[0] : undefined

  if (project.data && !running) {
    return (
      <PageContainer>
        <Alert tone="info" data-testid="storage-not-running">
          {STORAGE_NOT_RUNNING}
        </Alert>
      </PageContainer>
    )
  }

  return (
    <PageContainer className="space-y-4" data-testid="bucket-browser">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/project/${ref}/storage/buckets`}
          className="inline-flex items-center gap-1 text-sm text-neutral-600 hover:text-neutral-900"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {BROWSER_BACK_LABEL}
        </Link>
        <h1 className="font-mono text-xl font-semibold text-neutral-900">{bucketId}</h1>
        {bucket && (
          <Badge tone={bucket.public ? 'warning' : 'neutral'}>{bucket.public ? PUBLIC_BADGE : PRIVATE_BADGE}</Badge>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {canWrite && bucket && (
            <>
              <Button variant="primary" onClick={() => picker.current?.click()} data-testid="upload-button">
                <Upload aria-hidden className="size-4" />
                {UPLOAD_LABEL}
              </Button>
              <input
                ref={picker}
                type="file"
                multiple
                hidden
                data-testid="upload-input"
                onChange={(event) => {
                  if (event.target.files) addFiles(event.target.files)
                  event.target.value = ''
                }}
              />
              <Button onClick={() => setEditing({ kind: 'new-folder' })} data-testid="new-folder-button">
                <FolderPlus aria-hidden className="size-4" />
                {NEW_FOLDER_LABEL}
              </Button>
            </>
          )}
        </div>
      </div>
      {project.data && !canWrite && <Alert tone="info">{READ_ONLY_NOTE}</Alert>}
      {canWrite && selected.size > 0 && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm"
          data-testid="selection-bar"
        >
          <span className="flex-1">{selected.size} selected</span>
          {onlyFolder !== undefined ? (
            <>
              <Button
                size="sm"
                onClick={() => setEditing({ kind: 'move-folder', mode: 'rename', folder: onlyFolder })}
                data-testid="rename-folder"
              >
                <FolderPen aria-hidden className="size-4" />
                {RENAME_FOLDER_LABEL}
              </Button>
              <Button
                size="sm"
                onClick={() => setEditing({ kind: 'move-folder', mode: 'move', folder: onlyFolder })}
                data-testid="move-folder"
              >
                <MoveRight aria-hidden className="size-4" />
                {MOVE_FOLDER_LABEL}
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              disabled={selection.paths.length === 0 || selection.folders.length > 0}
              title={selection.folders.length > 0 ? 'Select one folder alone to move or rename it' : undefined}
              onClick={() => setEditing({ kind: 'move', mode: 'move', paths: selection.paths })}
              data-testid="move-selected"
            >
              <MoveRight aria-hidden className="size-4" />
              {MOVE_LABEL}
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            onClick={() => setEditing({ kind: 'delete', ...selection })}
            data-testid="delete-selected"
          >
            <Trash2 aria-hidden className="size-4" />
            {DELETE_LABEL}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      {buckets.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : buckets.isError ? (
        <ErrorState
          title={LOAD_BUCKETS_FAILED}
          error={buckets.error}
          onRetry={() => void buckets.refetch()}
          retrying={buckets.isFetching}
        />
      ) : !bucket ? (
        <Alert tone="error" data-testid="bucket-not-found">
          {BUCKET_NOT_FOUND(bucketId)}
        </Alert>
      ) : (
        <section
          aria-label="Bucket contents"
          className={cn(
            'relative flex h-[32rem] overflow-hidden rounded-lg border bg-white',
            dragging ? 'border-emerald-500 ring-2 ring-emerald-500/30' : 'border-neutral-200',
          )}
          data-testid="drop-zone"
          onDragOver={(event) => {
            if (!canWrite) return
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
          }}
          onDrop={onDrop}
        >
          <div className="flex min-w-0 flex-1 overflow-x-auto" data-testid="columns">
            {columns.map((path, index) => (
              <FolderColumn
                key={path}
                projectRef={ref}
                bucketId={bucketId}
                path={path}
                openChild={columns[index + 1] ?? null}
                previewPath={preview?.path ?? null}
                selected={selected}
                canWrite={canWrite}
                onOpenFolder={openFolder}
                onPreview={showPreview}
                onToggleSelect={toggleSelect}
              />
            ))}
          </div>
          {preview && (
            <PreviewPanel
              key={preview.path}
              target={target}
              path={preview.path}
              entry={preview.entry}
              bucketPublic={bucket.public}
              canWrite={canWrite}
              onClose={() => setPreview(null)}
              onRename={() => setEditing({ kind: 'move', mode: 'rename', paths: [preview.path] })}
              onDelete={() => setEditing({ kind: 'delete', paths: [preview.path], folders: [] })}
            />
          )}
          {dragging && (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center bg-emerald-50/80 text-sm font-medium text-emerald-800">
              {DROP_HINT}
            </div>
          )}
        </section>
      )}
      <UploadPanel queue={queue} items={items} />
      {editing?.kind === 'new-folder' && (
        <NewFolderDialog
          parent={openPath}
          saving={createFolder.isPending}
          onCancel={() => setEditing(null)}
          onCreate={(path) =>
            createFolder.mutate(
              { ...target, path },
              {
                onSuccess: () => {
                  setEditing(null)
                  openFolder(path)
                },
                onError: (error) => toast.error(CREATE_FOLDER_FAILED(getErrorMessage(error))),
              },
            )
          }
        />
      )}
      {editing?.kind === 'move' && (
        <MoveDialog
          mode={editing.mode}
          paths={editing.paths}
          currentFolder={openPath}
          saving={moveObjects.isPending}
          onCancel={() => setEditing(null)}
          onMove={(moves) =>
            moveObjects.mutate(
              { ...target, moves },
              {
                onSuccess: ({ failed }) => {
                  setEditing(null)
                  setSelected(new Set())
                  if (preview && moves.some((move) => move.from === preview.path)) setPreview(null)
                  if (failed.length > 0) toast.error(MOVE_FAILED(failed.length, failed[0]?.message ?? ''))
                  else toast.success(moves.length === 1 ? 'Moved' : `Moved ${moves.length} objects`)
                },
                onError: (error) => toast.error(MOVE_FAILED(moves.length, getErrorMessage(error))),
              },
            )
          }
        />
      )}
      {editing?.kind === 'move-folder' && (
        <FolderMoveDialog
          mode={editing.mode}
          folder={editing.folder}
          target={target}
          onCancel={() => setEditing(null)}
          onMoved={(answer) => {
            setEditing(null)
            setSelected(new Set())
            setPreview(null)
            // the open columns follow the folder to its new place
            if (openPath === answer.from || openPath.startsWith(`${answer.from}/`)) {
              openFolder(`${answer.to}${openPath.slice(answer.from.length)}`)
            }
            toast.success(FOLDER_MOVED(answer.moved, answer.to))
          }}
        />
      )}
      {editing?.kind === 'delete' && (
        <DeleteObjectsDialog
          paths={editing.paths}
          folders={editing.folders}
          deleting={deleteObjects.isPending}
          onCancel={() => setEditing(null)}
          onConfirm={() =>
            deleteObjects.mutate(
              { ...target, paths: editing.paths, folders: editing.folders },
              {
                onSuccess: () => {
                  const gone = new Set(editing.paths)
                  if (preview && gone.has(preview.path)) setPreview(null)
                  if (editing.folders.some((folder) => openPath === folder || openPath.startsWith(`${folder}/`))) {
                    openFolder('')
                  }
                  setEditing(null)
                  setSelected(new Set())
                  toast.success('Deleted')
                },
                onError: (error) => toast.error(DELETE_FAILED(getErrorMessage(error))),
              },
            )
          }
        />
      )}
    </PageContainer>
  )
}

import type { StorageEntry } from '@pgfleet/contracts'
import { Copy, Download, Pencil, Trash2, X } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../../data/fetcher'
import { publicObjectUrl, signObject } from '../../../../data/storage/object-mutations'
import { useObjectContentQuery, usePreviewUrlQuery } from '../../../../data/storage/objects-query'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { Select } from '../../../ui/Select'
import { Skeleton } from '../../../ui/Skeleton'
import {
  COPY_FAILED,
  COPY_PUBLIC_URL_LABEL,
  COPY_SIGNED_URL_LABEL,
  DELETE_LABEL,
  DOWNLOAD_FAILED,
  DOWNLOAD_LABEL,
  DOWNLOAD_URL_EXPIRY_S,
  MAX_BINARY_PREVIEW_BYTES,
  MAX_TEXT_PREVIEW_BYTES,
  NO_PREVIEW_MESSAGE,
  PREVIEW_FAILED,
  PREVIEW_TOO_LARGE,
  PREVIEW_URL_EXPIRY_S,
  RENAME_LABEL,
  SIGNED_URL_EXPIRIES,
  URL_COPIED,
} from './storage-browser.constants'
import { baseName, formatBytes, type PreviewKind, prettyJson, previewKindOf } from './storage-browser.utils'

type Target = { ref: string; bucketId: string }

/** The side panel of one object: its facts, a preview when the type allows, download, URLs and (for writers) actions. */
export function PreviewPanel({
  target,
  path,
  entry,
  bucketPublic,
  canWrite,
  onClose,
  onRename,
  onDelete,
}: {
  target: Target
  path: string
  entry: StorageEntry
  bucketPublic: boolean
  canWrite: boolean
  onClose: () => void
  onRename: () => void
  onDelete: () => void
}) {
  const kind = previewKindOf(entry.name, entry.metadata?.mimetype)
  const size = entry.metadata?.size ?? 0
  const [expiry, setExpiry] = useState<string>(SIGNED_URL_EXPIRIES[0].value)
  const [busy, setBusy] = useState<'download' | 'copy' | null>(null)

  const download = async () => {
    setBusy('download')
    try {
      const { signedUrl } = await signObject({ ...target, path, expiresIn: DOWNLOAD_URL_EXPIRY_S, download: true })
      const link = document.createElement('a')
      link.href = signedUrl
      link.rel = 'noopener'
      link.download = baseName(path)
      document.body.append(link)
      link.click()
      link.remove()
    } catch (error) {
      toast.error(DOWNLOAD_FAILED(getErrorMessage(error)))
    } finally {
      setBusy(null)
    }
  }

  const copyUrl = async () => {
    setBusy('copy')
    try {
      const url = bucketPublic
        ? (await publicObjectUrl({ ...target, path })).publicUrl
        : (await signObject({ ...target, path, expiresIn: Number(expiry) })).signedUrl
      await navigator.clipboard.writeText(url)
      toast.success(URL_COPIED)
    } catch (error) {
      toast.error(COPY_FAILED(getErrorMessage(error)))
    } finally {
      setBusy(null)
    }
  }

  return (
    <aside
      aria-label={`Preview of ${entry.name}`}
      data-testid="preview-panel"
      className="flex h-full w-80 shrink-0 flex-col border-l border-neutral-200 bg-white"
    >
      <div className="flex items-center gap-2 border-b border-neutral-100 px-3 py-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900" title={path}>
          {entry.name}
        </h2>
        <button
          type="button"
          aria-label="Close preview"
          onClick={onClose}
          className="rounded p-1 text-neutral-500 hover:bg-neutral-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3">
        <PreviewContent key={path} target={target} path={path} kind={kind} size={size} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-neutral-500">Type</dt>
          <dd className="truncate text-neutral-800">{entry.metadata?.mimetype ?? '—'}</dd>
          <dt className="text-neutral-500">Size</dt>
          <dd className="text-neutral-800" data-testid="preview-size">
            {formatBytes(entry.metadata?.size)}
          </dd>
          <dt className="text-neutral-500">Updated</dt>
          <dd className="text-neutral-800">{entry.updated_at ? new Date(entry.updated_at).toLocaleString() : '—'}</dd>
          <dt className="text-neutral-500">Path</dt>
          <dd className="break-all font-mono text-neutral-800">{path}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void download()} loading={busy === 'download'} data-testid="download-object">
            <Download aria-hidden className="size-4" />
            {DOWNLOAD_LABEL}
          </Button>
          {canWrite && (
            <>
              <Button size="sm" onClick={onRename} data-testid="rename-object">
                <Pencil aria-hidden className="size-4" />
                {RENAME_LABEL}
              </Button>
              <Button size="sm" variant="danger" onClick={onDelete} data-testid="delete-object">
                <Trash2 aria-hidden className="size-4" />
                {DELETE_LABEL}
              </Button>
            </>
          )}
        </div>
        <div className="space-y-2 border-t border-neutral-100 pt-3">
          {!bucketPublic && (
            <Select
              label="Signed URL expires in"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              options={SIGNED_URL_EXPIRIES}
              data-testid="signed-url-expiry"
            />
          )}
          <Button size="sm" onClick={() => void copyUrl()} loading={busy === 'copy'} data-testid="copy-object-url">
            <Copy aria-hidden className="size-4" />
            {bucketPublic ? COPY_PUBLIC_URL_LABEL : COPY_SIGNED_URL_LABEL}
          </Button>
        </div>
      </div>
    </aside>
  )
}

function PreviewContent({
  target,
  path,
  kind,
  size,
}: {
  target: Target
  path: string
  kind: PreviewKind
  size: number
}) {
  const tooLarge = (kind === 'text' || kind === 'json' ? MAX_TEXT_PREVIEW_BYTES : MAX_BINARY_PREVIEW_BYTES) < size
  const wanted = kind !== 'none' && !tooLarge
  const url = usePreviewUrlQuery({ ...target, path: wanted ? path : null, expiresIn: PREVIEW_URL_EXPIRY_S })
  if (kind === 'none') return <Alert tone="info">{NO_PREVIEW_MESSAGE}</Alert>
  if (tooLarge) return <Alert tone="info">{PREVIEW_TOO_LARGE}</Alert>
  if (url.isError) return <Alert tone="error">{`${PREVIEW_FAILED}: ${getErrorMessage(url.error)}`}</Alert>
  if (!url.data) return <Skeleton className="h-40 w-full" />
  if (kind === 'image') return <ImagePreview url={url.data.signedUrl} name={baseName(path)} />
  if (kind === 'pdf') return <PdfPreview url={url.data.signedUrl} name={baseName(path)} />
  return <TextPreview url={url.data.signedUrl} json={kind === 'json'} />
}

function ImagePreview({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false)
  if (failed) return <Alert tone="error">{`${PREVIEW_FAILED}: the image could not be shown`}</Alert>
  return (
    <img
      src={url}
      alt={name}
      onError={() => setFailed(true)}
      className="max-h-72 w-full rounded border border-neutral-200 object-contain"
      data-testid="image-preview"
    />
  )
}

function TextPreview({ url, json }: { url: string; json: boolean }) {
  const content = useObjectContentQuery(url, 'text')
  const shown = useMemo(() => {
    const text = typeof content.data === 'string' ? content.data : ''
    return json ? prettyJson(text) : { text, valid: true }
  }, [content.data, json])
  if (content.isError) return <Alert tone="error">{`${PREVIEW_FAILED}: ${getErrorMessage(content.error)}`}</Alert>
  if (content.isPending) return <Skeleton className="h-40 w-full" />
  return (
    <div className="space-y-1">
      {!shown.valid && <Alert tone="warning">This file is not valid JSON; it is shown as it is.</Alert>}
      <pre
        className="max-h-96 overflow-auto rounded border border-neutral-200 bg-neutral-50 p-2 font-mono text-xs whitespace-pre-wrap text-neutral-800"
        data-testid="text-preview"
      >
        {shown.text}
      </pre>
    </div>
  )
}

/** Objects are served as attachments on the platform's origin, so the PDF is read as bytes and shown from memory. */
function PdfPreview({ url, name }: { url: string; name: string }) {
  const content = useObjectContentQuery(url, 'blob')
  const [objectUrl, setObjectUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!(content.data instanceof Blob)) return
    const created = URL.createObjectURL(new Blob([content.data], { type: 'application/pdf' }))
    setObjectUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [content.data])
  if (content.isError) return <Alert tone="error">{`${PREVIEW_FAILED}: ${getErrorMessage(content.error)}`}</Alert>
  if (!objectUrl) return <Skeleton className="h-72 w-full" />
  return (
    <object
      data={objectUrl}
      type="application/pdf"
      aria-label={name}
      className="h-96 w-full rounded border border-neutral-200"
      data-testid="pdf-preview"
    >
      <Alert tone="info">This browser cannot show PDFs here. Download the file instead.</Alert>
    </object>
  )
}

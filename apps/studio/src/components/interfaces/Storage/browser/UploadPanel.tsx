import { CircleAlert, CircleCheck, Pause, Play, RotateCw, X } from 'lucide-react'
import { cn } from '../../../../lib/cn'
import { Button } from '../../../ui/Button'
import { UPLOADS_TITLE } from './storage-browser.constants'
import { baseName, formatBytes } from './storage-browser.utils'
import { overallProgress, type UploadItem, type UploadQueue } from './upload-queue'

const percentOf = (item: UploadItem) =>
  item.size === 0 ? (item.status === 'done' ? 100 : 0) : (item.loaded / item.size) * 100

/** The upload queue, under the browser (clear of the toasts): a progress bar per file, cancel while it runs, retry when it failed or was cancelled. */
export function UploadPanel({ queue, items }: { queue: UploadQueue; items: readonly UploadItem[] }) {
  if (items.length === 0) return null
  const total = overallProgress(items)
  return (
    <section
      aria-label={UPLOADS_TITLE}
      data-testid="upload-panel"
      className="rounded-lg border border-neutral-200 bg-white shadow-xs"
    >
      <header className="flex items-center gap-2 border-b border-neutral-100 px-3 py-2">
        <h2 className="flex-1 text-sm font-semibold text-neutral-900">
          {UPLOADS_TITLE}
          {total.active > 0 && <span className="ml-2 font-normal text-neutral-500">{total.active} in progress</span>}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => queue.clearFinished()} data-testid="uploads-clear">
          Clear finished
        </Button>
      </header>
      <ul className="max-h-72 divide-y divide-neutral-100 overflow-y-auto">
        {items.map((item) => (
          <li key={item.id} className="space-y-1 px-3 py-2" data-testid="upload-item" data-status={item.status}>
            <div className="flex items-center gap-2 text-sm">
              {item.status === 'done' && <CircleCheck aria-hidden className="size-4 shrink-0 text-emerald-600" />}
              {item.status === 'failed' && <CircleAlert aria-hidden className="size-4 shrink-0 text-red-600" />}
              <span className="min-w-0 flex-1 truncate" title={item.path}>
                {baseName(item.path)}
              </span>
              <span className="shrink-0 text-xs text-neutral-500">
                {item.status === 'paused' ? `Paused at ${formatBytes(item.loaded)} of ` : ''}
                {formatBytes(item.size)}
              </span>
              {item.resumable && (item.status === 'queued' || item.status === 'uploading') && (
                <button
                  type="button"
                  aria-label={`Pause upload of ${baseName(item.path)}`}
                  onClick={() => queue.pause(item.id)}
                  className="rounded p-0.5 text-neutral-500 hover:bg-neutral-100"
                >
                  <Pause aria-hidden className="size-4" />
                </button>
              )}
              {item.status === 'paused' && (
                <button
                  type="button"
                  aria-label={`Resume upload of ${baseName(item.path)}`}
                  onClick={() => queue.resume(item.id)}
                  className="rounded p-0.5 text-neutral-600 hover:bg-neutral-100"
                >
                  <Play aria-hidden className="size-4" />
                </button>
              )}
              {(item.status === 'queued' || item.status === 'uploading' || item.status === 'paused') && (
                <button
                  type="button"
                  aria-label={`Cancel upload of ${baseName(item.path)}`}
                  onClick={() => queue.cancel(item.id)}
                  className="rounded p-0.5 text-neutral-500 hover:bg-neutral-100"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
              {item.status === 'failed' && item.errorStatus === 409 && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => queue.retry(item.id, { replace: true })}
                  aria-label={`Replace the existing ${baseName(item.path)}`}
                >
                  Replace
                </Button>
              )}
              {(item.status === 'failed' || item.status === 'cancelled') && (
                <button
                  type="button"
                  aria-label={`Retry upload of ${baseName(item.path)}`}
                  onClick={() => queue.retry(item.id)}
                  className="rounded p-0.5 text-neutral-600 hover:bg-neutral-100"
                >
                  <RotateCw aria-hidden className="size-4" />
                </button>
              )}
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${baseName(item.path)}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(percentOf(item))}
              className="h-1.5 overflow-hidden rounded bg-neutral-100"
            >
              <div
                className={cn(
                  'h-full transition-[width]',
                  item.status === 'failed'
                    ? 'bg-red-500'
                    : item.status === 'cancelled'
                      ? 'bg-neutral-300'
                      : item.status === 'paused'
                        ? 'bg-amber-400'
                        : 'bg-emerald-500',
                )}
                style={{ width: `${percentOf(item)}%` }}
              />
            </div>
            {item.error && (
              <p
                className={cn('text-xs', item.status === 'failed' ? 'text-red-600' : 'text-neutral-500')}
                role={item.status === 'failed' ? 'alert' : undefined}
              >
                {item.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

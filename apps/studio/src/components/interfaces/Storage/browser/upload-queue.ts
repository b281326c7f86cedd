/**
 * The storage browser's upload queue, free of React and the network: files wait, a few upload at a time, report
 * their progress, and can be cancelled or retried. A retry sends the whole file again (an upload that failed wrote
 * nothing on the server), so it is safe to repeat.
 */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled'

export interface UploadItem {
  id: string
  /** the object path it is uploaded to */
  path: string
  size: number
  loaded: number
  status: UploadStatus
  /** why it failed, in words to show */
  error?: string
  /** the failure's HTTP status (409: an object already has that path), 0 for a network failure */
  errorStatus?: number
  /** overwrite an object already at the path */
  upsert: boolean
}

export type UploadSender = (
  upload: { path: string; file: Blob; upsert: boolean },
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<void>

export const DEFAULT_UPLOAD_CONCURRENCY = 3
export const UPLOAD_CANCELLED_MESSAGE = 'Cancelled'

type Entry = { item: UploadItem; file: Blob; controller: AbortController | null }

export class UploadQueue {
  private readonly entries = new Map<string, Entry>()
  private readonly listeners = new Set<() => void>()
  private items: readonly UploadItem[] = []
  private nextId = 1

  constructor(
    private readonly send: UploadSender,
    private readonly options: {
      concurrency?: number
      /** called once per file that finished uploading */
      onUploaded?: (item: UploadItem) => void
    } = {},
  ) {}

  /** Queues files; answers their ids. */
  add(uploads: { path: string; file: Blob }[]): string[] {
    const ids = uploads.map(({ path, file }) => {
      const id = `upload-${this.nextId++}`
      this.entries.set(id, {
        item: { id, path, size: file.size, loaded: 0, status: 'queued', upsert: false },
        file,
        controller: null,
      })
      return id
    })
    this.changed()
    this.pump()
    return ids
  }

  /** Stops a waiting or running upload. */
  cancel(id: string): void {
    const entry = this.entries.get(id)
    if (!entry || (entry.item.status !== 'queued' && entry.item.status !== 'uploading')) return
    entry.controller?.abort()
    this.update(entry, { status: 'cancelled', error: UPLOAD_CANCELLED_MESSAGE, loaded: 0 })
    this.pump()
  }

  /** Queues a failed or cancelled upload again, from its first byte; `replace` overwrites what is at its path. */
  retry(id: string, { replace = false }: { replace?: boolean } = {}): void {
    const entry = this.entries.get(id)
    if (!entry || (entry.item.status !== 'failed' && entry.item.status !== 'cancelled')) return
    this.update(entry, {
      status: 'queued',
      error: undefined,
      errorStatus: undefined,
      loaded: 0,
      upsert: entry.item.upsert || replace,
    })
    this.pump()
  }

  /** Forgets the uploads that are done or were cancelled; failures stay so they can be retried. */
  clearFinished(): void {
    for (const [id, entry] of this.entries) {
      if (entry.item.status === 'done' || entry.item.status === 'cancelled') this.entries.delete(id)
    }
    this.changed()
  }

  snapshot = (): readonly UploadItem[] => this.items

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private pump(): void {
    const limit = this.options.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY
    let running = [...this.entries.values()].filter((entry) => entry.item.status === 'uploading').length
    for (const entry of this.entries.values()) {
      if (running >= limit) break
      if (entry.item.status !== 'queued') continue
      running++
      void this.start(entry)
    }
  }

  private async start(entry: Entry): Promise<void> {
    const controller = new AbortController()
    entry.controller = controller
    this.update(entry, { status: 'uploading', loaded: 0 })
    try {
      await this.send(
        { path: entry.item.path, file: entry.file, upsert: entry.item.upsert },
        (loaded) => {
          if (entry.controller === controller && entry.item.status === 'uploading') {
            this.update(entry, { loaded: Math.min(loaded, entry.item.size) })
          }
        },
        controller.signal,
      )
      if (entry.controller !== controller || entry.item.status !== 'uploading') return
      this.update(entry, { status: 'done', loaded: entry.item.size })
      this.options.onUploaded?.(entry.item)
    } catch (error) {
      // a cancelled upload already says so; a later retry owns the entry now
      if (entry.controller !== controller || entry.item.status !== 'uploading') return
      this.update(entry, { status: 'failed', error: messageOf(error), errorStatus: statusOf(error) })
    } finally {
      if (entry.controller === controller) entry.controller = null
      this.pump()
    }
  }

  private update(entry: Entry, patch: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...patch }
    this.changed()
  }

  private changed(): void {
    this.items = [...this.entries.values()].map((entry) => entry.item)
    for (const listener of this.listeners) listener()
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'The upload failed'
}

/** The whole queue's progress for one summary bar: bytes sent of bytes to send, over what is not cancelled. */
export function overallProgress(items: readonly UploadItem[]): { loaded: number; total: number; active: number } {
  let loaded = 0
  let total = 0
  let active = 0
  for (const item of items) {
    if (item.status === 'cancelled') continue
    loaded += item.loaded
    total += item.size
    if (item.status === 'queued' || item.status === 'uploading') active++
  }
  return { loaded, total, active }
}

/** The object path of a dropped or picked file in `folder` ('' for the top level). */
export function uploadPath(folder: string, fileName: string): string {
  return folder === '' ? fileName : `${folder}/${fileName}`
}

import type { ResumeState } from '../../../../data/storage/resumable-upload'

/**
 * The storage browser's upload queue, free of React and the network: files wait, a few upload at a time, report
 * their progress, and can be cancelled or retried. A plain upload's retry sends the whole file again (a failed
 * one wrote nothing on the server); a resumable upload (a large file) can also be paused, and its resume or retry
 * continues from what the server already has.
 */
export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'failed' | 'cancelled'

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
  /** sent in resumable chunks: it may be paused, and a retry continues where it stopped */
  resumable: boolean
}

export type { ResumeState }

/** Why an upload's signal was aborted: paused (keep what the server has) or cancelled (drop it). */
export type StopReason = 'pause' | 'cancel'

export type UploadSender = (
  upload: { path: string; file: Blob; upsert: boolean; resumable: boolean; resume: ResumeState },
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
) => Promise<void>

export const DEFAULT_UPLOAD_CONCURRENCY = 3
export const UPLOAD_CANCELLED_MESSAGE = 'Cancelled'

type Entry = { item: UploadItem; file: Blob; controller: AbortController | null; resume: ResumeState }

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
      /** files from this size on are sent resumably; unset, none are */
      resumableFromBytes?: number
    } = {},
  ) {}

  /** Queues files; answers their ids. */
  add(uploads: { path: string; file: Blob }[]): string[] {
    const ids = uploads.map(({ path, file }) => {
      const id = `upload-${this.nextId++}`
      const threshold = this.options.resumableFromBytes
      const resumable = threshold !== undefined && file.size >= threshold
      this.entries.set(id, {
        item: { id, path, size: file.size, loaded: 0, status: 'queued', upsert: false, resumable },
        file,
        controller: null,
        resume: {},
      })
      return id
    })
    this.changed()
    this.pump()
    return ids
  }

  /** Stops a waiting, running or paused upload; a resumable one is dropped on the server too. */
  cancel(id: string): void {
    const entry = this.entries.get(id)
    const status = entry?.item.status
    if (!entry || (status !== 'queued' && status !== 'uploading' && status !== 'paused')) return
    const reason: StopReason = 'cancel'
    entry.controller?.abort(reason)
    entry.resume = {}
    this.update(entry, { status: 'cancelled', error: UPLOAD_CANCELLED_MESSAGE, loaded: 0 })
    this.pump()
  }

  /** Pauses a resumable upload: what the server received stays there for `resume`. */
  pause(id: string): void {
    const entry = this.entries.get(id)
    if (!entry?.item.resumable || (entry.item.status !== 'uploading' && entry.item.status !== 'queued')) return
    const reason: StopReason = 'pause'
    entry.controller?.abort(reason)
    this.update(entry, { status: 'paused' })
    this.pump()
  }

  resume(id: string): void {
    const entry = this.entries.get(id)
    if (entry?.item.status !== 'paused') return
    this.update(entry, { status: 'queued' })
    this.pump()
  }

  /**
   * Queues a failed or cancelled upload again: a resumable one that failed goes on from what the server has,
   * anything else from its first byte; `replace` overwrites what is at its path (and so starts a new upload).
   */
  retry(id: string, { replace = false }: { replace?: boolean } = {}): void {
    const entry = this.entries.get(id)
    if (!entry || (entry.item.status !== 'failed' && entry.item.status !== 'cancelled')) return
    const continues = entry.item.resumable && entry.item.status === 'failed' && !replace && entry.resume.url
    if (!continues) entry.resume = {}
    this.update(entry, {
      status: 'queued',
      error: undefined,
      errorStatus: undefined,
      loaded: continues ? entry.item.loaded : 0,
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
    // a resumable upload picks up where it stopped; the sender reports the offset the server confirms
    this.update(entry, { status: 'uploading', loaded: entry.resume.url ? entry.item.loaded : 0 })
    try {
      await this.send(
        {
          path: entry.item.path,
          file: entry.file,
          upsert: entry.item.upsert,
          resumable: entry.item.resumable,
          resume: entry.resume,
        },
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
    if (item.status === 'queued' || item.status === 'uploading' || item.status === 'paused') active++
  }
  return { loaded, total, active }
}

/** The object path of a dropped or picked file in `folder` ('' for the top level). */
export function uploadPath(folder: string, fileName: string): string {
  return folder === '' ? fileName : `${folder}/${fileName}`
}

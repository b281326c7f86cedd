import type { Logger } from '../../logging/logger'
import { FunctionWorker, type WorkerRuntime, type WorkerSpec } from './worker'

interface Entry {
  spec: WorkerSpec
  starting: Promise<FunctionWorker>
  worker: FunctionWorker | null
}

const STARTING_PLACEHOLDER: Promise<FunctionWorker> = new Promise(() => {})

export interface WorkerPoolOptions {
  /** a worker with nothing in flight for this long is stopped */
  idleMs: number
  /** how often idle workers are looked for */
  sweepIntervalMs: number
  log: Logger
}

/**
 * At most one worker per function (`{ref}/{slug}`): started on the first call, reused while warm, replaced when
 * the function's version or environment changed, stopped after being idle and whenever a function or project stops.
 */
export class WorkerPool {
  private readonly entries = new Map<string, Entry>()
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly runtime: () => Promise<WorkerRuntime>,
    private readonly options: WorkerPoolOptions,
  ) {
    this.sweeper = setInterval(() => void this.stopIdle(), options.sweepIntervalMs)
    this.sweeper.unref()
  }

  /** A running worker for this spec, started (once, however many callers wait) when needed. */
  async acquire(spec: WorkerSpec): Promise<FunctionWorker> {
    const entry = this.entries.get(spec.key)
    if (entry && entry.spec.version === spec.version && entry.spec.fingerprint === spec.fingerprint) {
      const worker = await entry.starting
      if (!worker.exited) return worker
    }
    if (entry) await this.remove(spec.key, entry)
    const fresh = this.entries.get(spec.key)
    if (fresh && fresh !== entry) return this.acquire(spec)
    const created: Entry = { spec, worker: null, starting: STARTING_PLACEHOLDER }
    // start() reads the entry only after its first await, by which time `starting` is set
    created.starting = this.start(spec, created)
    this.entries.set(spec.key, created)
    return created.starting
  }

  /** Stops the function's worker, e.g. on redeploy or delete. */
  async stopFunction(ref: string, slug: string): Promise<void> {
    const key = `${ref}/${slug}`
    const entry = this.entries.get(key)
    if (entry) await this.remove(key, entry)
  }

  /** Stops every worker of the project, e.g. when it pauses or is deleted. */
  async stopProject(ref: string): Promise<void> {
    const prefix = `${ref}/`
    await Promise.all(
      [...this.entries].filter(([key]) => key.startsWith(prefix)).map(([key, entry]) => this.remove(key, entry)),
    )
  }

  async stopAll(): Promise<void> {
    clearInterval(this.sweeper)
    await Promise.all([...this.entries].map(([key, entry]) => this.remove(key, entry)))
  }

  /** Running workers (for tests and the bench). */
  running(): FunctionWorker[] {
    return [...this.entries.values()].flatMap((entry) => (entry.worker && !entry.worker.exited ? [entry.worker] : []))
  }

  private async start(spec: WorkerSpec, entry: Entry): Promise<FunctionWorker> {
    let worker: FunctionWorker
    try {
      worker = new FunctionWorker(spec, await this.runtime(), (exited) => {
        const current = this.entries.get(spec.key)
        if (current?.worker === exited) this.entries.delete(spec.key)
      })
      await worker.start()
    } catch (error) {
      if (this.entries.get(spec.key) === entry) this.entries.delete(spec.key)
      throw error
    }
    entry.worker = worker
    if (this.entries.get(spec.key) !== entry) {
      // stopped (or replaced) while it was starting
      await worker.stop()
      throw new Error('The function was stopped while it was starting')
    }
    return worker
  }

  private async remove(key: string, entry: Entry): Promise<void> {
    if (this.entries.get(key) === entry) this.entries.delete(key)
    // a worker that failed to start was reported to the call that started it; there is nothing to stop
    const worker = await entry.starting.catch(() => null)
    await worker?.stop()
  }

  private async stopIdle(): Promise<void> {
    const now = Date.now()
    for (const [key, entry] of this.entries) {
      const worker = entry.worker
      if (!worker || worker.inflight > 0 || now - worker.lastUsedAt < this.options.idleMs) continue
      this.options.log.debug('stopping idle worker', { worker: key, version: worker.spec.version })
      await this.remove(key, entry)
    }
  }
}

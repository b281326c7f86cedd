import type { Logger } from '../../../logging/logger'
import { IdleCpuWatch } from './idle-cpu-watch'
import { FunctionWorker, type WorkerRuntime, type WorkerSpec } from './worker'
import { type WorkerCaps, WorkerSlots } from './worker-slots'

interface Entry {
  spec: WorkerSpec
  starting: Promise<FunctionWorker>
  worker: FunctionWorker | null
  /** callers between finding this entry and leasing its worker: it must not be stopped as idle meanwhile */
  arriving: number
}

const STARTING_PLACEHOLDER: Promise<FunctionWorker> = new Promise(() => {})

export interface WorkerPoolOptions {
  /** a worker with nothing in flight for this long is stopped */
  idleMs: number
  /** how often idle workers are looked for */
  sweepIntervalMs: number
  /** live workers per project and in all; past them a call waits for room, then fails */
  caps: WorkerCaps
  /** how long a call waits for room under the caps before it fails with a WorkerLimitError */
  queueTimeoutMs: number
  /** CPU time a worker may use between requests, read every `sampleIntervalMs`; past it the worker is killed */
  idleCpu: { allowanceMs: number; sampleIntervalMs: number }
  log: Logger
}

/**
 * At most one worker per function (`{ref}/{slug}`): started on the first call, reused while warm, replaced when
 * the function's version or environment changed, stopped after being idle and whenever a function or project stops.
 * A project, and the platform, run at most `caps` workers at once: a call that needs one more first stops the least
 * recently used idle worker within the cap that is full, else waits for room, and fails past `queueTimeoutMs`.
 * A worker that burns CPU while no request is in flight is killed.
 */
export class WorkerPool {
  private readonly entries = new Map<string, Entry>()
  private readonly slots: WorkerSlots
  private readonly idleCpu: IdleCpuWatch
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly runtime: () => Promise<WorkerRuntime>,
    private readonly options: WorkerPoolOptions,
  ) {
    this.slots = new WorkerSlots(options.caps)
    this.idleCpu = new IdleCpuWatch({
      ...options.idleCpu,
      onExceeded: (worker, usedMs) => {
        options.log.warn('killing a function worker that used CPU while no request was in flight', {
          worker: worker.spec.key,
          version: worker.spec.version,
          cpuMs: usedMs,
        })
        void worker.kill()
      },
    })
    this.sweeper = setInterval(() => void this.stopIdle(), options.sweepIntervalMs)
    this.sweeper.unref()
  }

  /**
   * A running worker for this spec, started (once, however many callers wait) when needed, and leased to the caller:
   * it counts as busy until `release(worker)`. Rejects with a WorkerLimitError when the caps leave no room in time.
   */
  async acquire(spec: WorkerSpec): Promise<FunctionWorker> {
    const ref = projectOf(spec.key)
    const deadline = Date.now() + this.options.queueTimeoutMs
    for (;;) {
      const entry = this.entries.get(spec.key)
      if (entry && entry.spec.version === spec.version && entry.spec.fingerprint === spec.fingerprint) {
        entry.arriving++
        const worker = await entry.starting.finally(() => {
          entry.arriving--
        })
        // checked and leased in one step: nothing can stop it as idle in between
        if (!worker.exited && this.entries.get(spec.key) === entry) return this.lease(worker)
        if (this.entries.get(spec.key) === entry) await this.remove(spec.key, entry)
        continue
      }
      if (entry) {
        await this.remove(spec.key, entry)
        continue
      }
      const full = this.slots.full(ref)
      if (full) {
        // registered before stopping a worker, so the slot it gives back wakes this call
        const change = this.slots.waitForChange(ref, deadline)
        this.stopLeastRecentlyUsed(full === 'project' ? ref : null)
        await change
        continue
      }
      const created: Entry = { spec, worker: null, starting: STARTING_PLACEHOLDER, arriving: 1 }
      this.slots.take(created, ref)
      // start() reads the entry only after its first await, by which time `starting` is set
      created.starting = this.start(spec, created)
      this.entries.set(spec.key, created)
      const worker = await created.starting.finally(() => {
        created.arriving--
      })
      if (!worker.exited && this.entries.get(spec.key) === created) return this.lease(worker)
    }
  }

  /** The caller's request to the worker ended. */
  release(worker: FunctionWorker): void {
    worker.inflight--
    worker.lastUsedAt = Date.now()
    if (worker.inflight > 0 || worker.exited) return
    this.idleCpu.idleFrom(worker)
    // an idle worker can make room for a waiting call
    this.slots.changed()
  }

  /** Stops the function's worker, e.g. on redeploy or delete. */
  async stopFunction(ref: string, slug: string): Promise<void> {
    const key = `${ref}/${slug}`
    const entry = this.entries.get(key)
    if (entry) await this.remove(key, entry)
  }

  /** Stops every worker of the project, e.g. when it pauses or is deleted. */
  async stopProject(ref: string): Promise<void> {
    await Promise.all(
      [...this.entries].filter(([key]) => projectOf(key) === ref).map(([key, entry]) => this.remove(key, entry)),
    )
  }

  async stopAll(): Promise<void> {
    clearInterval(this.sweeper)
    this.idleCpu.stop()
    await Promise.all([...this.entries].map(([key, entry]) => this.remove(key, entry)))
  }

  /** Running workers (for tests and the bench). */
  running(): FunctionWorker[] {
    return [...this.entries.values()].flatMap((entry) => (entry.worker && !entry.worker.exited ? [entry.worker] : []))
  }

  /** Worker processes alive or being started, stopping ones included: what the caps count. */
  liveCount(ref?: string): number {
    return ref === undefined ? this.slots.total : this.slots.countFor(ref)
  }

  private lease(worker: FunctionWorker): FunctionWorker {
    worker.inflight++
    worker.lastUsedAt = Date.now()
    this.idleCpu.busy(worker)
    return worker
  }

  private async start(spec: WorkerSpec, entry: Entry): Promise<FunctionWorker> {
    let worker: FunctionWorker
    try {
      worker = new FunctionWorker(spec, await this.runtime(), (exited) => {
        this.idleCpu.busy(exited)
        const current = this.entries.get(spec.key)
        if (current?.worker === exited) this.entries.delete(spec.key)
        this.slots.giveBack(entry)
      })
      await worker.start()
    } catch (error) {
      if (this.entries.get(spec.key) === entry) this.entries.delete(spec.key)
      // whatever was spawned has exited by now (start stops it on failure)
      this.slots.giveBack(entry)
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

  /**
   * Stops the least recently used idle worker of `ref` (or of any project when null) to make room; its slot comes
   * back once its process has exited. Nothing happens when every such worker is busy.
   */
  private stopLeastRecentlyUsed(ref: string | null): void {
    let oldest: [string, Entry, FunctionWorker] | null = null
    for (const [key, entry] of this.entries) {
      const worker = entry.worker
      if (!worker || worker.exited || worker.inflight > 0 || entry.arriving > 0) continue
      if (ref !== null && projectOf(key) !== ref) continue
      if (!oldest || worker.lastUsedAt < oldest[2].lastUsedAt) oldest = [key, entry, worker]
    }
    if (!oldest) return
    const [key, entry, worker] = oldest
    this.options.log.debug('stopping an idle worker to make room', { worker: key, version: worker.spec.version })
    void this.remove(key, entry)
  }

  private async stopIdle(): Promise<void> {
    const now = Date.now()
    for (const [key, entry] of this.entries) {
      const worker = entry.worker
      if (!worker || worker.inflight > 0 || entry.arriving > 0 || now - worker.lastUsedAt < this.options.idleMs) {
        continue
      }
      this.options.log.debug('stopping idle worker', { worker: key, version: worker.spec.version })
      await this.remove(key, entry)
    }
  }
}

/** `{ref}/{slug}` → `{ref}` */
const projectOf = (key: string) => key.slice(0, key.indexOf('/'))

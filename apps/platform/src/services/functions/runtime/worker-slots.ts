/** How many function workers may be alive at once: per project, and on the whole platform. */
export interface WorkerCaps {
  perProject: number
  total: number
}

/** Past this many calls waiting for room, further calls are refused at once instead of queueing. */
const MAX_WAITING = 1_000

/** No room for another worker within the queueing time (answered 503 to the caller). */
export class WorkerLimitError extends Error {}

export const PROJECT_WORKER_LIMIT_MESSAGE = (ref: string, cap: number) =>
  `Project ${ref} already runs ${cap} functions at once, its limit: the call waited for one of them to finish and none did. Try again shortly`
export const PLATFORM_WORKER_LIMIT_MESSAGE = (cap: number) =>
  `The platform already runs ${cap} functions at once, its limit: the call waited for one of them to finish and none did. Try again shortly`

/**
 * The live workers, counted per project. A slot is taken before a worker's process is spawned and given back only
 * once that process has exited (not when it is asked to stop), so the count never runs below the processes alive.
 * Callers that find no room wait for a change (a slot given back, a worker turning idle) until their deadline.
 */
export class WorkerSlots {
  /** slot holder (one per worker entry) → its project ref */
  private readonly held = new Map<object, string>()
  private readonly waiters = new Set<() => void>()

  constructor(readonly caps: WorkerCaps) {}

  /** Which cap a new worker of `ref` would break now, or null when there is room. */
  full(ref: string): 'project' | 'platform' | null {
    if (this.countFor(ref) >= this.caps.perProject) return 'project'
    if (this.held.size >= this.caps.total) return 'platform'
    return null
  }

  take(holder: object, ref: string): void {
    this.held.set(holder, ref)
  }

  giveBack(holder: object): void {
    if (this.held.delete(holder)) this.changed()
  }

  countFor(ref: string): number {
    let count = 0
    for (const owner of this.held.values()) if (owner === ref) count++
    return count
  }

  get total(): number {
    return this.held.size
  }

  /** Wakes every waiter: each looks again for room (or for an idle worker to stop). */
  changed(): void {
    const woken = [...this.waiters]
    this.waiters.clear()
    for (const wake of woken) wake()
  }

  /**
   * Resolves at the next change, or rejects with the message of the cap that is full once `deadline` passed.
   * Registers synchronously: a change made right after this call is not missed.
   */
  waitForChange(ref: string, deadline: number): Promise<void> {
    const refuse = () => {
      const cap = this.full(ref) === 'platform' ? 'platform' : 'project'
      return new WorkerLimitError(
        cap === 'platform'
          ? PLATFORM_WORKER_LIMIT_MESSAGE(this.caps.total)
          : PROJECT_WORKER_LIMIT_MESSAGE(ref, this.caps.perProject),
      )
    }
    const left = deadline - Date.now()
    if (left <= 0 || this.waiters.size >= MAX_WAITING) return Promise.reject(refuse())
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiters.delete(wake)
        reject(refuse())
      }, left)
      this.waiters.add(wake)
    })
  }
}

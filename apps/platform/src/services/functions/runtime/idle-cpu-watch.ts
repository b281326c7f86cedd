import type { FunctionWorker } from './worker'

export interface IdleCpuWatchOptions {
  /** CPU time a worker may use in all while no request is in flight (timers finishing, garbage collection) */
  allowanceMs: number
  /** how often idle workers' CPU time is read */
  sampleIntervalMs: number
  /** the worker went past its allowance: it is to be killed */
  onExceeded: (worker: FunctionWorker, usedMs: number) => void
}

/** One idle period of one worker: the CPU time it had used when the period began (null until read). */
interface IdlePeriod {
  cpuAtStartMs: number | null
}

/**
 * Watches the CPU time of workers that have no request in flight. The per-request CPU limit ends with the response,
 * so without this a function could answer and then keep a core busy (a loop in a timer) until the idle stop, minutes
 * later. Every worker is idle between requests; a period ends when its next request begins.
 */
export class IdleCpuWatch {
  private readonly idle = new Map<FunctionWorker, IdlePeriod>()
  private readonly timer: NodeJS.Timeout
  private sampling = false

  constructor(private readonly options: IdleCpuWatchOptions) {
    this.timer = setInterval(() => void this.sample(), options.sampleIntervalMs)
    this.timer.unref()
  }

  /** The worker's last request ended: what it uses from now on counts against the allowance. */
  idleFrom(worker: FunctionWorker): void {
    const period: IdlePeriod = { cpuAtStartMs: null }
    this.idle.set(worker, period)
    void worker.cpuTimeMs().then((cpu) => {
      period.cpuAtStartMs ??= cpu
    })
  }

  /** A request began (its own CPU limit applies) or the worker is gone. */
  busy(worker: FunctionWorker): void {
    this.idle.delete(worker)
  }

  stop(): void {
    clearInterval(this.timer)
    this.idle.clear()
  }

  private async sample(): Promise<void> {
    if (this.sampling) return
    this.sampling = true
    try {
      await Promise.all([...this.idle].map(([worker, period]) => this.check(worker, period)))
    } finally {
      this.sampling = false
    }
  }

  private async check(worker: FunctionWorker, period: IdlePeriod): Promise<void> {
    if (worker.exited) return void this.idle.delete(worker)
    const cpu = await worker.cpuTimeMs()
    // a request may have begun (or the worker ended) while /proc was read: that period is over
    if (cpu === null || this.idle.get(worker) !== period) return
    if (period.cpuAtStartMs === null) {
      period.cpuAtStartMs = cpu
      return
    }
    const used = cpu - period.cpuAtStartMs
    if (used > this.options.allowanceMs) {
      this.idle.delete(worker)
      this.options.onExceeded(worker, used)
    }
  }
}

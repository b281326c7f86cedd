import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import type { Logger } from '../../logging/logger'
import { orderHooks } from './lifecycle-hook-order'
import type {
  HookInput,
  LifecycleEvent,
  LifecycleHook,
  LifecycleStage,
  RegisteredHook,
  ReportedHookFailure,
} from './lifecycle-hook-types'

export const DEFAULT_HOOK_TIMEOUT_MS = 60_000
/** A 'report' hook is tried this many times before its failure is logged and the job goes on. */
export const REPORTED_HOOK_ATTEMPTS = 3

export interface LifecycleHooksOptions {
  log: Logger
  /** pause between the attempts of a 'report' hook; default 1 s */
  retryDelayMs?: number
}

const errorOf = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
const hookLabel = (hook: RegisteredHook) => `the ${hook.service} hook "${hook.name}" on ${hook.event} (${hook.stage})`

/** Runs the hook, failing it with a message that names it when it takes longer than its timeout. */
async function runWithTimeout(hook: RegisteredHook, input: Omit<HookInput, 'signal'>): Promise<void> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`${hookLabel(hook)} did not finish within ${hook.timeoutMs / 1000} s`))
    }, hook.timeoutMs)
  })
  try {
    await Promise.race([hook.run({ ...input, signal: controller.signal }), timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Where services say what they do when a project is created, paused, restored, restarted, resized, upgraded,
 * restored from a backup or deleted. The lifecycle jobs run the hooks of their event through `run` and never call a
 * service by name. One registry per platform, filled while the platform starts, before any job runs.
 */
export class LifecycleHooks {
  /** per event and stage: the hooks in registration order, and in the order they run */
  private readonly registered = new Map<string, RegisteredHook[]>()
  private readonly ordered = new Map<string, RegisteredHook[]>()

  constructor(private readonly options: LifecycleHooksOptions) {}

  /** Adds a hook that uses its service's own role, the tenant's owner or no connection; refuses a cycle. */
  register(hook: LifecycleHook): void {
    this.add({
      ...hook,
      after: hook.after ?? [],
      timeoutMs: hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
      role: hook.role ?? 'service',
    })
  }

  /**
   * The one way to a hook that needs the platform's superuser (grep for it in a review): the reason says what the
   * tenant's roles cannot do, and is logged when the platform starts.
   */
  registerSuperuserHook(hook: Omit<LifecycleHook, 'role'>, reason: string): void {
    if (reason.trim() === '') throw new Error(`${hook.service}/${hook.name}: a superuser hook needs its reason`)
    this.add({
      ...hook,
      after: hook.after ?? [],
      timeoutMs: hook.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
      role: { superuser: reason },
    })
    this.options.log.info('a lifecycle hook runs as the platform superuser', {
      service: hook.service,
      hook: hook.name,
      event: hook.event,
      reason,
    })
  }

  /** The hooks of the event and stage, in the order they run. */
  hooksFor(event: LifecycleEvent, stage: LifecycleStage): readonly RegisteredHook[] {
    return this.ordered.get(`${event}:${stage}`) ?? []
  }

  /**
   * Runs the event's hooks of the stage one after another. A 'fail-job' hook's error fails the job; a 'report'
   * hook's last error is logged and returned, and the next hook runs.
   */
  async run(
    event: LifecycleEvent,
    stage: LifecycleStage,
    ctx: AppContext,
    project: ProjectRow,
  ): Promise<ReportedHookFailure[]> {
    const reported: ReportedHookFailure[] = []
    for (const hook of this.hooksFor(event, stage)) {
      this.options.log.debug('running a lifecycle hook', { ref: project.ref, service: hook.service, hook: hook.name })
      if (hook.onFailure === 'fail-job') await runWithTimeout(hook, { ctx, project })
      else {
        const error = await this.runReported(hook, { ctx, project })
        if (error) reported.push({ service: hook.service, name: hook.name, error })
      }
    }
    return reported
  }

  private async runReported(hook: RegisteredHook, input: Omit<HookInput, 'signal'>): Promise<Error | null> {
    let last: Error | null = null
    for (let attempt = 1; attempt <= REPORTED_HOOK_ATTEMPTS; attempt++) {
      try {
        await runWithTimeout(hook, input)
        return null
      } catch (error) {
        last = errorOf(error)
        if (attempt < REPORTED_HOOK_ATTEMPTS) await new Promise((done) => setTimeout(done, this.retryDelayMs))
      }
    }
    this.options.log.warn(`${hookLabel(hook)} failed; the job goes on without it`, {
      ref: input.project.ref,
      attempts: REPORTED_HOOK_ATTEMPTS,
      error: last,
    })
    return last
  }

  private get retryDelayMs(): number {
    return this.options.retryDelayMs ?? 1000
  }

  private add(hook: RegisteredHook): void {
    if (!(hook.timeoutMs > 0)) throw new Error(`${hookLabel(hook)}: its timeout must be positive`)
    const key = `${hook.event}:${hook.stage}`
    const current = this.registered.get(key) ?? []
    if (current.some((other) => other.service === hook.service && other.name === hook.name)) {
      throw new Error(`${hookLabel(hook)} is registered already`)
    }
    const registered = [...current, hook]
    // ordering on every registration refuses the one that closes a cycle, naming it, while the platform starts
    this.ordered.set(key, orderHooks(registered))
    this.registered.set(key, registered)
  }
}

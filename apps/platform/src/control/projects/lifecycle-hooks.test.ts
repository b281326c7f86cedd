import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import type { LogFields, Logger } from '../../logging/logger'
import type { LifecycleHook } from './lifecycle-hook-types'
import { LifecycleHooks, REPORTED_HOOK_ATTEMPTS } from './lifecycle-hooks'

const ctx = {} as AppContext
const project = { ref: 'hookproject' } as ProjectRow

function recordingLogger(lines: { level: string; message: string; fields?: LogFields }[]): Logger {
  const at = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields })
  const logger: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  }
  return logger
}

function registry(lines: { level: string; message: string; fields?: LogFields }[] = []) {
  return new LifecycleHooks({ log: recordingLogger(lines), retryDelayMs: 0 })
}

/** A delete/after hook that appends its service and name to `ran`. */
function hook(ran: string[], service: string, name: string, more: Partial<LifecycleHook> = {}): LifecycleHook {
  return {
    service,
    name,
    event: 'delete',
    stage: 'after',
    onFailure: 'fail-job',
    role: 'none',
    run: async () => void ran.push(`${service}/${name}`),
    ...more,
  }
}

describe('lifecycle hooks: order', () => {
  it('runs a hook after every hook of the services it names, whatever the registration order', async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'edge-functions', 'remove', { after: ['storage'] }))
    hooks.register(hook(ran, 'storage', 'close'))
    hooks.register(hook(ran, 'storage', 'remove'))
    await hooks.run('delete', 'after', ctx, project)
    expect(ran).toEqual(['storage/close', 'storage/remove', 'edge-functions/remove'])
  })

  it('keeps registration order between unrelated services and within a service', async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'storage', 'one'))
    hooks.register(hook(ran, 'edge-functions', 'one'))
    hooks.register(hook(ran, 'storage', 'two'))
    await hooks.run('delete', 'after', ctx, project)
    expect(ran).toEqual(['storage/one', 'edge-functions/one', 'storage/two'])
  })

  it('ignores a service named in after that has no hook there', async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'storage', 'remove', { after: ['realtime'] }))
    await hooks.run('delete', 'after', ctx, project)
    expect(ran).toEqual(['storage/remove'])
  })

  it('runs only the hooks of the event and stage asked for', async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'branching', 'copy', { event: 'create', stage: 'before' }))
    hooks.register(hook(ran, 'branching', 'build', { event: 'create', stage: 'after' }))
    hooks.register(hook(ran, 'storage', 'remove'))
    await hooks.run('create', 'before', ctx, project)
    expect(ran).toEqual(['branching/copy'])
    await hooks.run('pause', 'before', ctx, project)
    expect(ran).toEqual(['branching/copy'])
  })

  it('refuses the registration that closes a cycle, naming the services, and keeps the rest', async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'storage', 'remove', { after: ['edge-functions'] }))
    hooks.register(hook(ran, 'auth', 'remove', { after: ['storage'] }))
    expect(() => hooks.register(hook(ran, 'edge-functions', 'remove', { after: ['auth'] }))).toThrow(
      /cannot be ordered: (storage|auth|edge-functions)( runs after (storage|auth|edge-functions)){3}/,
    )
    await hooks.run('delete', 'after', ctx, project)
    expect(ran).toEqual(['storage/remove', 'auth/remove'])
  })

  it('refuses the same hook twice', () => {
    const hooks = registry()
    hooks.register(hook([], 'storage', 'remove'))
    expect(() => hooks.register(hook([], 'storage', 'remove'))).toThrow(/registered already/)
  })
})

describe('lifecycle hooks: failures and timeouts', () => {
  it("fails the job with a 'fail-job' hook's own error, and runs nothing after it", async () => {
    const ran: string[] = []
    const hooks = registry()
    hooks.register(hook(ran, 'storage', 'remove', { run: () => Promise.reject(new Error('disk gone')) }))
    hooks.register(hook(ran, 'edge-functions', 'remove'))
    await expect(hooks.run('delete', 'after', ctx, project)).rejects.toThrow(/^disk gone$/)
    expect(ran).toEqual([])
  })

  it("tries a 'report' hook again, then logs its failure and goes on", async () => {
    const ran: string[] = []
    const lines: { level: string; message: string; fields?: LogFields }[] = []
    const hooks = registry(lines)
    let attempts = 0
    hooks.register(
      hook(ran, 'storage', 'warm cache', {
        onFailure: 'report',
        run: async () => {
          attempts++
          throw new Error('cache down')
        },
      }),
    )
    hooks.register(hook(ran, 'edge-functions', 'remove'))
    const reported = await hooks.run('delete', 'after', ctx, project)
    expect(attempts).toBe(REPORTED_HOOK_ATTEMPTS)
    expect(ran).toEqual(['edge-functions/remove'])
    expect(reported.map((failure) => [failure.service, failure.name, failure.error.message])).toEqual([
      ['storage', 'warm cache', 'cache down'],
    ])
    const warning = lines.find((line) => line.level === 'warn')
    expect(warning?.message).toMatch(/storage hook "warm cache" on delete \(after\) failed/)
    expect(warning?.fields?.ref).toBe('hookproject')
  })

  it("reports nothing when a 'report' hook succeeds on a later attempt", async () => {
    const hooks = registry()
    let attempts = 0
    hooks.register(
      hook([], 'storage', 'flaky', {
        onFailure: 'report',
        run: async () => {
          if (++attempts < 2) throw new Error('once')
        },
      }),
    )
    expect(await hooks.run('delete', 'after', ctx, project)).toEqual([])
    expect(attempts).toBe(2)
  })

  it('fails a hook past its timeout with a message naming it, and aborts its signal', async () => {
    const hooks = registry()
    let signal: AbortSignal | undefined
    hooks.register(
      hook([], 'storage', 'remove files', {
        timeoutMs: 20,
        run: (input) => {
          signal = input.signal
          return new Promise(() => {})
        },
      }),
    )
    await expect(hooks.run('delete', 'after', ctx, project)).rejects.toThrow(
      'the storage hook "remove files" on delete (after) did not finish within 0.02 s',
    )
    expect(signal?.aborted).toBe(true)
  })

  it('gives a hook 60 s unless it says otherwise, and refuses a timeout that is not positive', () => {
    const hooks = registry()
    hooks.register(hook([], 'storage', 'remove'))
    expect(hooks.hooksFor('delete', 'after')[0]?.timeoutMs).toBe(60_000)
    expect(() => hooks.register(hook([], 'storage', 'other', { timeoutMs: 0 }))).toThrow(/timeout must be positive/)
  })
})

describe('lifecycle hooks: idempotence and roles', () => {
  it('calls every hook of the stage again when a job resumes, those that finished included', async () => {
    const removed = new Set<string>()
    const calls: string[] = []
    let crash = true
    const hooks = registry()
    hooks.register(
      hook([], 'storage', 'remove', {
        run: async ({ project }) => {
          calls.push('storage')
          removed.add(`storage:${project.ref}`)
        },
      }),
    )
    hooks.register(
      hook([], 'edge-functions', 'remove', {
        run: async ({ project }) => {
          calls.push('edge-functions')
          if (crash) throw new Error('worker still stopping')
          removed.add(`functions:${project.ref}`)
        },
      }),
    )
    await expect(hooks.run('delete', 'after', ctx, project)).rejects.toThrow('worker still stopping')
    crash = false
    await hooks.run('delete', 'after', ctx, project)
    expect(calls).toEqual(['storage', 'edge-functions', 'storage', 'edge-functions'])
    // idempotent hooks end where one clean run would have
    expect([...removed].sort()).toEqual(['functions:hookproject', 'storage:hookproject'])
  })

  it("uses the service's own role by default and records the role declared", () => {
    const hooks = registry()
    const { role: _role, ...withoutRole } = hook([], 'storage', 'default')
    hooks.register(withoutRole)
    hooks.register(hook([], 'storage', 'owner', { role: 'tenant-owner' }))
    expect(hooks.hooksFor('delete', 'after').map((h) => h.role)).toEqual(['service', 'tenant-owner'])
  })

  it('gives the superuser only through registerSuperuserHook, with its reason logged', () => {
    const lines: { level: string; message: string; fields?: LogFields }[] = []
    const hooks = registry(lines)
    const { role: _role, ...copy } = hook([], 'branching', 'copy parent data', { event: 'create', stage: 'before' })
    expect(() => hooks.registerSuperuserHook(copy, ' ')).toThrow(/needs its reason/)
    hooks.registerSuperuserHook(copy, 'a physical copy of the parent needs a backup start')
    expect(hooks.hooksFor('create', 'before')[0]?.role).toEqual({
      superuser: 'a physical copy of the parent needs a backup start',
    })
    expect(lines.find((line) => line.level === 'info')?.fields?.reason).toBe(
      'a physical copy of the parent needs a backup start',
    )
  })
})

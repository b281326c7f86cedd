import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError } from '../../errors'
import { waitFor } from '../../testing/harness'
import { BOOTSTRAP_SOURCE } from './bootstrap'
import { locateDeno } from './deno-binary'
import { DENO_MISSING_MESSAGE } from './edge-runtime'
import { type WorkerRuntime, type WorkerSpec, WorkerStartError } from './worker'
import { WorkerPool } from './worker-pool'

/** Real Deno workers without a platform: reuse, idle stop, crashes, the memory cap and the start timeout. */
let dir = ''
let runtime: WorkerRuntime
const pools: WorkerPool[] = []

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-workers-'))
  const deno = await locateDeno()
  if (!deno) throw new Error('Deno is not installed: run npm install')
  const bootstrapPath = path.join(dir, 'bootstrap.js')
  writeFileSync(bootstrapPath, BOOTSTRAP_SOURCE)
  mkdirSync(path.join(dir, 'deno-dir'))
  runtime = {
    denoPath: deno.path,
    bootstrapPath,
    denoDir: path.join(dir, 'deno-dir'),
    runAs: null,
    memoryMb: 64,
    startTimeoutMs: 10_000,
  }
})
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.stopAll()))
  rmSync(dir, { recursive: true, force: true })
})

function spec(slug: string, code: string): WorkerSpec {
  const functionDir = path.join(dir, slug)
  mkdirSync(functionDir, { recursive: true })
  writeFileSync(path.join(functionDir, 'index.ts'), code)
  return {
    key: `ref/${slug}`,
    version: 1,
    dir: functionDir,
    entrypointUrl: pathToFileURL(path.join(functionDir, 'index.ts')).href,
    env: { SUPABASE_URL: 'http://127.0.0.1:1' },
    fingerprint: 'f',
  }
}

function pool(options: Partial<WorkerRuntime> = {}, idleMs = 60_000) {
  const created = new WorkerPool(async () => ({ ...runtime, ...options }), {
    idleMs,
    sweepIntervalMs: 100,
    log: () => {},
  })
  pools.push(created)
  return created
}

describe('worker pool', () => {
  it('starts one worker for concurrent callers and reuses it while warm', async () => {
    const workers = pool()
    const hello = spec('hello', 'Deno.serve(() => new Response("hi"))')
    const [a, b] = await Promise.all([workers.acquire(hello), workers.acquire(hello)])
    expect(a).toBe(b)
    expect(await (await fetch(`http://127.0.0.1:${a.port}/`)).text()).toBe('hi')
    expect(await workers.acquire(hello)).toBe(a)
    const replaced = await workers.acquire({ ...hello, version: 2 })
    expect(replaced).not.toBe(a)
    expect(a.exited).toBe(true)
  })

  it('stops a worker that has been idle', async () => {
    const workers = pool({}, 300)
    const worker = await workers.acquire(spec('idle', 'Deno.serve(() => new Response("zzz"))'))
    expect(worker.pid).toBeGreaterThan(0)
    await waitFor(
      async () => workers.running().length,
      (n) => n === 0,
      5_000,
    )
    expect(worker.exited).toBe(true)
  })

  it('forgets a worker that crashed and starts a new one on the next call', async () => {
    const workers = pool()
    const crashing = spec(
      'crash',
      'Deno.serve((r) => { if (r.url.endsWith("/die")) Deno.exit(3); return new Response("ok") })',
    )
    const first = await workers.acquire(crashing)
    await fetch(`http://127.0.0.1:${first.port}/die`).catch(() => null)
    await waitFor(
      async () => first.exited,
      (exited) => exited,
      5_000,
    )
    expect(workers.running()).toEqual([])
    const second = await workers.acquire(crashing)
    expect(second).not.toBe(first)
    expect(await (await fetch(`http://127.0.0.1:${second.port}/`)).text()).toBe('ok')
  })

  it('ends a worker that goes over its memory cap', async () => {
    const workers = pool({ memoryMb: 32 })
    const hog = spec(
      'hog',
      'const keep = []; Deno.serve(() => { for (;;) keep.push(new Array(1e6).fill(Math.random())) })',
    )
    const worker = await workers.acquire(hog)
    await fetch(`http://127.0.0.1:${worker.port}/`).catch(() => null)
    await waitFor(
      async () => worker.exited,
      (exited) => exited,
      20_000,
    )
  })

  it('gives up on a function that never listens, with a clear reason', async () => {
    const workers = pool({ startTimeoutMs: 1_000 })
    const stuck = spec('stuck', 'await new Promise((r) => setTimeout(r, 60_000)); Deno.serve(() => new Response())')
    const error = await workers.acquire(stuck).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkerStartError)
    expect((error as Error).message).toBe('it did not listen within 1 s')
    expect(workers.running()).toEqual([])
  })

  it('refuses a module that neither serves nor exports a fetch handler', async () => {
    const workers = pool()
    const error = await workers.acquire(spec('silent', 'export const x = 1')).catch((e: unknown) => e)
    expect((error as Error).message).toContain('it exited with code 70')
    expect((error as Error).message).toContain('must call Deno.serve(handler) or export default { fetch }')
  })

  it('serves a module that default-exports { fetch }', async () => {
    const workers = pool()
    const worker = await workers.acquire(
      spec('fetcher', 'export default { fetch: (r: Request) => new Response(new URL(r.url).pathname) }'),
    )
    expect(await (await fetch(`http://127.0.0.1:${worker.port}/fetcher/x`)).text()).toBe('/fetcher/x')
  })

  it('reports a missing Deno, and starts once it is there', async () => {
    let installed = false
    const workers = new WorkerPool(
      async () => {
        if (!installed) throw new HttpError(503, DENO_MISSING_MESSAGE)
        return runtime
      },
      { idleMs: 60_000, sweepIntervalMs: 100, log: () => {} },
    )
    pools.push(workers)
    const later = spec('later', 'Deno.serve(() => new Response("now"))')
    await expect(workers.acquire(later)).rejects.toThrow(DENO_MISSING_MESSAGE)
    installed = true
    const worker = await workers.acquire(later)
    expect(await (await fetch(`http://127.0.0.1:${worker.port}/`)).text()).toBe('now')
  })
})

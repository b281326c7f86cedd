import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError } from '../../../errors'
import { silentLogger } from '../../../logging/logger'
import { waitFor } from '../../../testing/harness'
import { BOOTSTRAP_SOURCE } from './bootstrap'
import { locateDeno } from './deno-binary'
import { DENO_MISSING_MESSAGE } from './edge-runtime'
import { buildEgressGuard, nameServers } from './egress-guard'
import { deniedNetwork, localHostNames, localIpv6Addresses } from './sandbox'
import { type FunctionWorker, type WorkerRuntime, type WorkerSpec, WorkerStartError } from './worker'
import { WorkerPool, type WorkerPoolOptions } from './worker-pool'
import { PLATFORM_WORKER_LIMIT_MESSAGE, PROJECT_WORKER_LIMIT_MESSAGE, WorkerLimitError } from './worker-slots'

/**
 * Real Deno workers without a platform: reuse, idle stop, crashes, the memory caps (heap and off-heap), the
 * network sandbox, the unix socket and the start timeout.
 */
let dir = ''
let runtime: WorkerRuntime
let denied = ''
let ipv6: string[] = []
const pools: WorkerPool[] = []

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-workers-'))
  const deno = await locateDeno()
  if (!deno) throw new Error('Deno is not installed: run npm install')
  const bootstrapPath = path.join(dir, 'bootstrap.js')
  writeFileSync(bootstrapPath, BOOTSTRAP_SOURCE)
  mkdirSync(path.join(dir, 'deno-dir'))
  ipv6 = await localIpv6Addresses()
  denied = deniedNetwork(await localHostNames(), [], ipv6)
  const guard = await buildEgressGuard(dir)
  if (!guard) throw new Error('The egress guard could not be built: is a C compiler (cc) installed?')
  runtime = {
    denoPath: deno.path,
    bootstrapPath,
    denoDir: async () => path.join(dir, 'deno-dir'),
    memoryMb: 64,
    startTimeoutMs: 10_000,
    egressGuard: { library: guard, dns: await nameServers() },
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
    runAs: null,
    socketDir: path.join(dir, 'run'),
    apiSocketPath: path.join(dir, 'run', 'api.sock'),
    deniedNetwork: denied,
    egressAllow: [],
  }
}

/** Command lines (joined by spaces) of the live processes that run a file under `under`. */
function processesOf(under: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const args = (() => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ')
      } catch {
        return '' // gone while we looked
      }
    })()
    if (args.includes(under) && args.includes('bootstrap.js')) found.push(args)
  }
  return found
}

/** A GET to the worker's unix socket, as the platform's proxy makes it. */
function get(worker: FunctionWorker, pathname = '/'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: worker.socketPath, path: pathname }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

const POOL_OPTIONS: WorkerPoolOptions = {
  idleMs: 60_000,
  sweepIntervalMs: 100,
  caps: { perProject: 50, total: 50 },
  queueTimeoutMs: 1_000,
  idleCpu: { allowanceMs: 200, sampleIntervalMs: 100 },
  log: silentLogger(),
}

function pool(options: Partial<WorkerRuntime> = {}, poolOptions: Partial<WorkerPoolOptions> = {}) {
  const created = new WorkerPool(async () => ({ ...runtime, ...options }), { ...POOL_OPTIONS, ...poolOptions })
  pools.push(created)
  return created
}

describe('worker pool', () => {
  it('starts one worker for concurrent callers and reuses it while warm', async () => {
    const workers = pool()
    const hello = spec('hello', 'Deno.serve(() => new Response("hi"))')
    const [a, b] = await Promise.all([workers.acquire(hello), workers.acquire(hello)])
    expect(a).toBe(b)
    expect((await get(a)).text).toBe('hi')
    expect(await workers.acquire(hello)).toBe(a)
    const replaced = await workers.acquire({ ...hello, version: 2 })
    expect(replaced).not.toBe(a)
    expect(a.exited).toBe(true)
  })

  it('stops a worker that has been idle', async () => {
    const workers = pool({}, { idleMs: 300 })
    const worker = await workers.acquire(spec('idle', 'Deno.serve(() => new Response("zzz"))'))
    expect(worker.pid).toBeGreaterThan(0)
    workers.release(worker)
    // the pool forgets the worker before its process has finished exiting: wait for both
    await waitFor(
      async () => workers.running().length === 0 && worker.exited,
      (stopped) => stopped,
      5_000,
    )
    expect(workers.running()).toHaveLength(0)
    expect(worker.exited).toBe(true)
  })

  it('forgets a worker that crashed and starts a new one on the next call', async () => {
    const workers = pool()
    const crashing = spec(
      'crash',
      'Deno.serve((r) => { if (r.url.endsWith("/die")) Deno.exit(3); return new Response("ok") })',
    )
    const first = await workers.acquire(crashing)
    await get(first, '/die').catch(() => null)
    await waitFor(
      async () => first.exited,
      (exited) => exited,
      5_000,
    )
    expect(workers.running()).toEqual([])
    const second = await workers.acquire(crashing)
    expect(second).not.toBe(first)
    expect((await get(second)).text).toBe('ok')
  })

  it('ends a worker that goes over its memory cap', async () => {
    const workers = pool({ memoryMb: 32 })
    const hog = spec(
      'hog',
      'const keep = []; Deno.serve(() => { for (;;) keep.push(new Array(1e6).fill(Math.random())) })',
    )
    const worker = await workers.acquire(hog)
    await get(worker).catch(() => null)
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
    expect((await get(worker, '/fetcher/x')).text).toBe('/fetcher/x')
  })

  it('reports a missing Deno, and starts once it is there', async () => {
    let installed = false
    const workers = new WorkerPool(async () => {
      if (!installed) throw new HttpError(503, DENO_MISSING_MESSAGE)
      return runtime
    }, POOL_OPTIONS)
    pools.push(workers)
    const later = spec('later', 'Deno.serve(() => new Response("now"))')
    await expect(workers.acquire(later)).rejects.toThrow(DENO_MISSING_MESSAGE)
    installed = true
    const worker = await workers.acquire(later)
    expect((await get(worker)).text).toBe('now')
  })

  it('caps memory outside the heap too: a huge ArrayBuffer is refused, the worker stays small', async () => {
    const workers = pool()
    const buffers = spec(
      'buffers',
      `const keep: Uint8Array[] = []
      Deno.serve(() => {
        try { for (let i = 0; i < 40; i++) keep.push(new Uint8Array(100 * 1024 * 1024).fill(1)) } catch (e) {
          return new Response(String(e), { status: 507 })
        }
        return new Response('allocated 4 GB')
      })`,
    )
    const worker = await workers.acquire(buffers)
    const answer = await get(worker)
    expect(answer.status).toBe(507)
    expect(answer.text).toMatch(/RangeError/)
  })

  it('listens on a unix socket only, and cannot reach this machine or private networks', async () => {
    const workers = pool()
    const prober = spec(
      'prober',
      `Deno.serve(async () => {
        const results: Record<string, string> = {}
        for (const target of ['http://127.0.0.1:5432/', 'http://127.1:8080/', 'http://2130706433/', 'http://[::1]/',
          'http://localhost/', 'http://10.0.0.1/', 'http://192.168.1.1/', 'http://172.16.0.1/', 'http://169.254.169.254/',
          'http://0.0.0.0/', 'http://[::ffff:127.0.0.1]/', ...${JSON.stringify(ipv6.map((address) => `http://${address}:54321/`))}]) {
          try { await fetch(target, { signal: AbortSignal.timeout(1000) }); results[target] = 'reached' }
          catch (e) { results[target] = e instanceof Deno.errors.NotCapable ? 'denied' : 'error: ' + e }
        }
        try { await Deno.connect({ hostname: '127.0.0.1', port: 5432 }); results.tcp = 'reached' }
        catch (e) { results.tcp = e instanceof Deno.errors.NotCapable ? 'denied' : 'error: ' + e }
        return Response.json(results)
      })`,
    )
    const worker = await workers.acquire(prober)
    expect(worker.socketPath).toMatch(/\.sock$/)
    const results = JSON.parse((await get(worker)).text) as Record<string, string>
    for (const [target, result] of Object.entries(results))
      expect({ target, result }).toEqual({ target, result: 'denied' })
  })

  it('refuses by address what names let through: IPv6 private ranges, IPv4 inside IPv6, names of internal hosts', async () => {
    const server = http.createServer((_request, response) => response.end('internal service'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      // Deno's permissions opened for this address and name: what is refused below, the guard refuses
      const namesAllowed = deniedNetwork(await localHostNames(), ['localhost', '127.0.0.1'], ipv6)
      const code = `Deno.serve(async () => {
        const results: Record<string, string> = {}
        const attempt = async (name: string, work: () => Promise<unknown>) => {
          try { const answer = await work(); results[name] = answer instanceof Response ? await answer.text() : 'reached' }
          catch (e) { results[name] = e instanceof Deno.errors.PermissionDenied || String(e?.cause).includes('Permission denied') ? 'refused' : 'error: ' + e + ' ' + e?.cause }
        }
        await attempt('name of this machine', () => fetch('http://localhost:${port}/'))
        for (const address of ['fd00::dead:beef', 'fd12:3456:789a::1', 'fe80::1', 'fec0::1', 'ff02::1', '64:ff9b::a00:1', '2002:a00:1::1', '::2'])
          await attempt(address, () => Deno.connect({ hostname: address, port: 80 }))
        return Response.json(results)
      })`
      const workers = pool()
      const guarded = { ...spec('guarded', code), deniedNetwork: namesAllowed }
      const results = JSON.parse((await get(await workers.acquire(guarded))).text) as Record<string, string>
      for (const [target, result] of Object.entries(results))
        expect({ target, result }).toEqual({ target, result: 'refused' })

      // the guard lets through exact address:port destinations only (what the operator lists and the project opens)
      const opened = { ...spec('opened', code), deniedNetwork: namesAllowed, egressAllow: [`127.0.0.1:${port}`] }
      const answer = JSON.parse((await get(await workers.acquire(opened))).text) as Record<string, string>
      expect(answer['name of this machine']).toBe('internal service')
      expect(answer['fd12:3456:789a::1']).toBe('refused')
    } finally {
      server.close()
    }
  })
  it('never runs more workers than its caps: a burst waits for room, then fails with the cap it hit', async () => {
    const workers = pool({}, { caps: { perProject: 2, total: 3 }, queueTimeoutMs: 5_000 })
    const slow = (ref: string, slug: string, ms: number): WorkerSpec => ({
      ...spec(
        `${ref}-${slug}`,
        `Deno.serve(() => new Promise((r) => setTimeout(() => r(new Response('${slug}')), ${ms})))`,
      ),
      key: `${ref}/${slug}`,
    })
    let most = { a: 0, b: 0, total: 0 }
    const sampler = setInterval(() => {
      const alive = processesOf(dir)
      const a = alive.filter((args) => args.includes('/capa-')).length
      const b = alive.filter((args) => args.includes('/capb-')).length
      most = { a: Math.max(most.a, a), b: Math.max(most.b, b), total: Math.max(most.total, a + b) }
    }, 10)
    const run = async (worker: WorkerSpec) => {
      const leased = await workers.acquire(worker)
      try {
        return (await get(leased)).text
      } finally {
        workers.release(leased)
      }
    }
    try {
      // busy longer than the queueing time: two of project a's four get a worker, one of b's (the platform's cap)
      const burst = await Promise.allSettled([
        ...['f1', 'f2', 'f3', 'f4'].map((slug) => run(slow('capa', slug, 8_000))),
        ...['f1', 'f2'].map((slug) => run(slow('capb', slug, 8_000))),
      ])
      const failures = burst.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []))
      expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
      for (const failure of failures) expect(failure).toBeInstanceOf(WorkerLimitError)
      expect(failures.map((failure) => failure.message).sort()).toEqual([
        PROJECT_WORKER_LIMIT_MESSAGE('capa', 2),
        PROJECT_WORKER_LIMIT_MESSAGE('capa', 2),
        PLATFORM_WORKER_LIMIT_MESSAGE(3),
      ])
      // short calls queue: each waits for an idle worker to be stopped, and all are served
      const queued = await Promise.all([
        ...['g1', 'g2', 'g3', 'g4'].map((slug) => run(slow('capa', slug, 200))),
        ...['g1', 'g2'].map((slug) => run(slow('capb', slug, 200))),
      ])
      expect(queued).toEqual(['g1', 'g2', 'g3', 'g4', 'g1', 'g2'])
    } finally {
      clearInterval(sampler)
    }
    expect(most.a).toBe(2)
    expect(most.b).toBeGreaterThan(0)
    expect(most.b).toBeLessThanOrEqual(2)
    expect(most.total).toBe(3)
    expect(workers.liveCount()).toBeLessThanOrEqual(3)
  })

  it('kills a worker that keeps using CPU after its answer, and leaves a quiet one alone', async () => {
    const workers = pool()
    const spinning = await workers.acquire(
      spec(
        'afterspin',
        'Deno.serve(() => { setTimeout(() => { for (;;) {} }, 100); return new Response("answered") })',
      ),
    )
    const quiet = await workers.acquire(spec('quiet', 'Deno.serve(() => new Response("answered"))'))
    expect((await get(spinning)).text).toBe('answered')
    expect((await get(quiet)).text).toBe('answered')
    workers.release(spinning)
    workers.release(quiet)
    await waitFor(
      async () => spinning.exited,
      (exited) => exited,
      15_000,
    )
    expect(spinning.exitSignal).toBe('it was stopped by SIGKILL')
    expect(quiet.exited).toBe(false)
  })

  it('listens on no network address, by address or by a name its permissions let through', async () => {
    const addresses = Object.values(os.networkInterfaces())
      .flat()
      .flatMap((found) => (found?.family === 'IPv4' ? [found.address] : []))
    const code = `Deno.serve(() => {
      const results: Record<string, string> = {}
      for (const hostname of [...${JSON.stringify(addresses)}, '0.0.0.0', '::', 'localhost']) {
        try { Deno.listen({ hostname, port: 0 }).close(); results[hostname] = 'listening' }
        catch (e) { results[hostname] = e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied ? 'refused' : 'error: ' + e }
      }
      return Response.json(results)
    })`
    const workers = pool()
    // Deno's permissions opened for loopback by name and address: the guard still refuses to listen
    const opened = {
      ...spec('listener', code),
      deniedNetwork: deniedNetwork(await localHostNames(), ['localhost', '127.0.0.1'], ipv6),
    }
    const results = JSON.parse((await get(await workers.acquire(opened))).text) as Record<string, string>
    expect(Object.keys(results).length).toBeGreaterThan(3)
    for (const [target, result] of Object.entries(results))
      expect({ target, result }).toEqual({ target, result: 'refused' })
  })

  it("gives a node:net server that may not listen Node's EACCES error event, and the function goes on serving", async () => {
    // Deno refuses these by its permissions, in the tick after listen(): the error used to escape there and end the worker
    const code = `import { createServer } from 'node:net'
    import http from 'node:http'
    const attempt = (server: ReturnType<typeof createServer>, ...args: unknown[]) =>
      new Promise<string>((resolve) => {
        server.once('error', (e) => resolve(String((e as { code?: string }).code) + ' ' + (e as { syscall?: string }).syscall))
        server.listen(...args, () => { server.close(); resolve('listening') })
      })
    Deno.serve(async () => Response.json({
      wildcard: await attempt(createServer(), 0),
      loopback: await attempt(createServer(), 0, '127.0.0.1'),
      'node:http': await attempt(http.createServer(), { port: 8080, host: '0.0.0.0' }),
    }))`
    const worker = await pool().acquire(spec('node-listener', code))
    const expected = { wildcard: 'EACCES listen', loopback: 'EACCES listen', 'node:http': 'EACCES listen' }
    expect(JSON.parse((await get(worker)).text)).toEqual(expected)
    expect(JSON.parse((await get(worker)).text)).toEqual(expected)
    expect(worker.exited).toBe(false)
  })
})

import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Organization, Project, ProjectSettingsResponse, ProjectStatusResponse } from '@pgfleet/contracts'
import { lookupUser, PROJECT_FUNCTIONS_USER_PREFIX, projectUserName, removeProjectUsers } from '@pgfleet/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CPU_LIMIT_MESSAGE, WORKER_LIMIT_STATUS } from '../edge-functions/runtime/proxy'
import { deployFunctionFiles } from '../edge-functions/testing'
import { ChildPlatform } from '../testing/child-platform'
import { ApiClient, waitFor } from '../testing/harness'

/**
 * What a tenant's edge function can do to the platform and to other projects, on a platform run as its own process
 * (as `npm start` does): nothing beyond its own project. Workers are reachable only through the platform, reach no
 * loopback or private address, run as the project's own OS user, are killed past their CPU and wall-clock limits,
 * and die with the platform.
 */
const CPU_LIMIT_MS = 500
const WALL_LIMIT_MS = 2_000
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-fn-iso-'))
const platform = new ChildPlatform(dataDir, {
  PGFLEET_PORT_RANGE: '57600-57649',
  PGFLEET_FUNCTIONS_CPU_LIMIT_MS: String(CPU_LIMIT_MS),
  PGFLEET_FUNCTIONS_WALL_LIMIT_MS: String(WALL_LIMIT_MS),
})
const api = new ApiClient(() => platform.baseUrl)
let token = ''
const projects: { ref: string; port: number }[] = []

const bootstrapPath = () => path.join(dataDir, 'edge-runtime', 'bootstrap.js')

/** Live worker processes of this platform, with the uid they run as. */
function workers(): { pid: number; uid: number; args: string[] }[] {
  const found: { pid: number; uid: number; args: string[] }[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      if (!args.includes(bootstrapPath())) continue
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1])
      found.push({ pid: Number(entry), uid, args })
    } catch {
      // gone while we looked
    }
  }
  return found
}

async function createProject(name: string): Promise<{ ref: string; port: number }> {
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const created = await api.post<Project>('/v1/projects', { name, organization_slug: slug, db_pass: 'fn-iso-db' })
  const ref = created.body.ref
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body.status,
    (status) => status === 'ACTIVE_HEALTHY',
    60_000,
  )
  const settings = (await api.get<ProjectSettingsResponse>(`/platform/projects/${ref}/settings`)).body
  return { ref, port: settings.db_port ?? 0 }
}

async function deploy(ref: string, slug: string, code: string) {
  const deployed = await deployFunctionFiles({
    baseUrl: platform.baseUrl,
    token,
    ref,
    slug,
    files: { 'index.ts': code },
    metadata: { entrypoint_path: 'index.ts', name: slug, verify_jwt: false },
  })
  expect(deployed.status, JSON.stringify(deployed.body)).toBeLessThan(300)
}

const call = (ref: string, slug: string) => fetch(`${platform.baseUrl}/p/${ref}/functions/v1/${slug}`)

beforeAll(async () => {
  await platform.start()
  await api.post('/platform/auth/signup', { email: 'fn-iso@example.com', password: 'fn-iso-password' })
  token = (await api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'fn' })).body.token
  projects.push(await createProject('Functions A'), await createProject('Functions B'))
  await deploy(projects[1]?.ref ?? '', 'other', 'Deno.serve(() => new Response("b"))')
  expect(await (await call(projects[1]?.ref ?? '', 'other')).text()).toBe('b')
}, 180_000)

afterAll(async () => {
  await platform.stop()
  await removeProjectUsers(path.join(dataDir, 'projects'))
  rmSync(dataDir, { recursive: true, force: true })
})

describe("a tenant's function", () => {
  it('reaches neither the platform, nor project databases, nor the other project worker', async () => {
    const [a, b] = projects as [{ ref: string; port: number }, { ref: string; port: number }]
    const otherSocket = workers().find((worker) => worker.args.join(' ').includes(`/run/${b.ref}/`))?.args
    const otherWorkerSocket = otherSocket?.find((arg) => arg.endsWith('.sock') && !arg.endsWith('api.sock')) ?? ''
    expect(otherWorkerSocket).not.toBe('')
    const platformPort = new URL(platform.baseUrl).port
    await deploy(
      a.ref,
      'probe',
      `Deno.serve(async () => {
        const results: Record<string, string> = {}
        const attempt = async (name: string, work: () => Promise<unknown>) => {
          try { await work(); results[name] = 'worked' } catch (e) { results[name] = e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied ? 'denied' : 'failed: ' + e }
        }
        await attempt('platform over loopback', () => fetch('http://127.0.0.1:${platformPort}/platform/profile'))
        await attempt('own database', () => Deno.connect({ hostname: '127.0.0.1', port: ${a.port} }))
        await attempt('other database', () => Deno.connect({ hostname: 'localhost', port: ${b.port} }))
        await attempt('private IPv6 network', () => Deno.connect({ hostname: 'fd12:3456:789a::1', port: 80 }))
        await attempt('platform as NAT64 IPv6', () => Deno.connect({ hostname: '64:ff9b::7f00:1', port: ${platformPort} }))
        await attempt('other worker', () => Deno.connect({ transport: 'unix', path: ${JSON.stringify(otherWorkerSocket)} }))
        await attempt('another process environment', () => Deno.readTextFile('/proc/1/environ'))
        await attempt('platform files', () => Deno.readTextFile(${JSON.stringify(path.join(dataDir, 'pgfleet.pid'))}))
        await attempt('run a program', () => new Deno.Command('/usr/bin/id').output())
        const own = await fetch(Deno.env.get('SUPABASE_URL') + '/rest/v1/', { headers: { apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '' } })
        results['own project API'] = String(own.status)
        const other = await fetch(Deno.env.get('SUPABASE_URL')!.replace('${a.ref}', '${b.ref}') + '/rest/v1/')
        results['other project API through the socket'] = String(other.status)
        return Response.json(results)
      })`,
    )
    const results = (await (await call(a.ref, 'probe')).json()) as Record<string, string>
    expect(results).toEqual({
      'platform over loopback': 'denied',
      'own database': 'denied',
      'other database': 'denied',
      'private IPv6 network': 'denied',
      'platform as NAT64 IPv6': 'denied',
      'other worker': 'denied',
      'another process environment': 'denied',
      'platform files': 'denied',
      'run a program': 'denied',
      'own project API': '200',
      'other project API through the socket': '403',
    })
  })

  it('runs as its project own OS user and listens on no TCP port, in a directory only that user reaches', async () => {
    if (process.getuid?.() !== 0) return
    const running = workers()
    expect(running.length).toBeGreaterThanOrEqual(2)
    const listening = execFileSync('ss', ['-Hltnp'], { encoding: 'utf8' })
    for (const worker of running) {
      const ref = /\/run\/([a-z]+)\//.exec(worker.args.join(' '))?.[1] ?? ''
      const user = await lookupUser(projectUserName(ref, PROJECT_FUNCTIONS_USER_PREFIX))
      expect(worker.uid).toBe(user?.uid)
      expect(listening).not.toContain(`pid=${worker.pid},`)
      const socketDir = path.join(dataDir, 'edge-runtime', 'run', ref)
      const info = statSync(socketDir)
      expect({ mode: info.mode & 0o777, uid: info.uid }).toEqual({ mode: 0o700, uid: user?.uid })
    }
    expect(new Set(running.map((worker) => worker.uid)).size).toBe(running.length)
  })

  it(`is killed past ${CPU_LIMIT_MS} ms of CPU time, answering ${WORKER_LIMIT_STATUS}`, async () => {
    const ref = projects[0]?.ref ?? ''
    await deploy(ref, 'spin', 'Deno.serve(() => { for (;;) {} })')
    const started = Date.now()
    const answer = await call(ref, 'spin')
    expect(answer.status).toBe(WORKER_LIMIT_STATUS)
    expect(((await answer.json()) as { message: string }).message).toBe(CPU_LIMIT_MESSAGE(CPU_LIMIT_MS))
    expect(Date.now() - started).toBeLessThan(5_000)
    await waitFor(
      async () => workers().filter((worker) => worker.args.some((arg) => arg.includes('/spin/'))).length,
      (n) => n === 0,
      5_000,
    )
  })

  it(`is killed past ${WALL_LIMIT_MS} ms of wall-clock time, answering 504`, async () => {
    const ref = projects[0]?.ref ?? ''
    await deploy(
      ref,
      'sleepy',
      'Deno.serve(() => new Promise((r) => setTimeout(() => r(new Response("late")), 60_000)))',
    )
    const answer = await call(ref, 'sleepy')
    expect(answer.status).toBe(504)
    await waitFor(
      async () => workers().filter((worker) => worker.args.some((arg) => arg.includes('/sleepy/'))).length,
      (n) => n === 0,
      5_000,
    )
  })

  it('dies with the platform (kill -9), and a restart runs none from before', async () => {
    const before = workers().map((worker) => worker.pid)
    expect(before.length).toBeGreaterThan(0)
    await platform.crash()
    await waitFor(
      async () => workers().filter((worker) => before.includes(worker.pid)).length,
      (n) => n === 0,
      5_000,
    )
    await platform.start()
    expect(workers().filter((worker) => before.includes(worker.pid))).toEqual([])
    expect(await (await call(projects[1]?.ref ?? '', 'other')).text()).toBe('b')
  })
})

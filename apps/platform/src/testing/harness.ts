import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CSRF_COOKIE, CSRF_HEADER } from '@pgfleet/contracts'
import { removeProjectUsers } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { loadConfig } from '../config'
import { createLogger } from '../logging/logger'
import { type RunningPlatform, startPlatform } from '../platform'

export interface TestPlatform {
  platform: RunningPlatform
  baseUrl: string
  dataDir: string
  /** stops the platform (and its Postgres processes) */
  stop(): Promise<void>
  /** stops, then starts a new platform process on the same data directory */
  restart(): Promise<void>
  /** stop and delete the data directory */
  destroy(): Promise<void>
}

/**
 * A real platform on a random port and a throwaway data directory. `logLines`, when given, receives the
 * platform's log as JSON lines (at info level) instead of nothing.
 */
export async function startTestPlatform(
  env: Record<string, string> = {},
  options: { logLines?: string[] } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-test-'))
  // the projects' ports: one block for the life of this data directory, restarts included
  const portRange = testPortRangeSetting(100)
  const boot = async () => {
    const config = loadConfig({
      PORT: '0',
      PGFLEET_DATA_DIR: dataDir,
      PGFLEET_LOG_LEVEL: 'silent',
      PGFLEET_PORT_RANGE: portRange,
      PGFLEET_HEALTH_INTERVAL_MS: '500',
      // one spare data directory: the creation path with spares runs everywhere, at half the background initdb
      PGFLEET_SPARE_DATA_DIRS: '1',
      // tests sign many users up; the sign-up modes have their own tests
      PGFLEET_SIGNUP: 'open',
      // tests sign many users up from one address; the limit has its own test
      PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      // the scheduler's backups and restore checks would race a test's own (409s, extra rows); its tests drive it
      // with a test clock instead
      PGFLEET_BACKUP_SCHEDULER_TICK_MS: '3600000',
      ...env,
    })
    const lines = options.logLines
    const platform = lines
      ? await startPlatform(
          config,
          createLogger({ level: 'info', format: 'json', destination: { write: (line: string) => lines.push(line) } }),
        )
      : await startPlatform(config)
    await platform.app.listen({ port: 0, host: '127.0.0.1' })
    const address = platform.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    return { platform, baseUrl: `http://127.0.0.1:${address.port}` }
  }
  const handle: TestPlatform = {
    ...(await boot()),
    dataDir,
    async stop() {
      await handle.platform.stop()
    },
    async restart() {
      await handle.platform.stop()
      Object.assign(handle, await boot())
    },
    async destroy() {
      await handle.platform.stop()
      await removeProjectUsers(path.join(dataDir, 'projects'))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return handle
}

/** A minimal browser-like client: keeps cookies and sends the CSRF header and Origin like the dashboard. */
export class ApiClient {
  private readonly cookies = new Map<string, string>()
  bearer: string | undefined
  csrf = true

  constructor(private readonly base: () => string) {}

  /** What a browser sends with each request of this session (cookies, CSRF, Origin), for clients other than fetch. */
  sessionHeaders(): Record<string, string> {
    const headers: Record<string, string> = { origin: this.base() }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get(CSRF_COOKIE)
    if (this.csrf && csrf) headers[CSRF_HEADER] = csrf
    return headers
  }

  async request<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.fetch(method, url, body)
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }

  /**
   * The raw response (a stream, a file), with cookies kept as for any request. `raw` sends bytes as they are
   * (uploads) instead of `body` as JSON.
   */
  async fetch(
    method: string,
    url: string,
    body?: unknown,
    raw?: { bytes: string | Uint8Array; contentType: string },
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.base() }
    if (raw) headers['content-type'] = raw.contentType
    else if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get(CSRF_COOKIE)
    if (this.csrf && csrf) headers[CSRF_HEADER] = csrf
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`
    const response = await fetch(`${this.base()}${url}`, {
      method,
      headers,
      body: raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...rest] = (pair ?? '').split('=')
      const value = rest.join('=')
      if (!name) continue
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value)
    }
    return response
  }

  get = <T = unknown>(url: string) => this.request<T>('GET', url)
  post = <T = unknown>(url: string, body?: unknown) => this.request<T>('POST', url, body ?? {})
  patch = <T = unknown>(url: string, body?: unknown) => this.request<T>('PATCH', url, body ?? {})
  put = <T = unknown>(url: string, body?: unknown) => this.request<T>('PUT', url, body ?? {})
  delete = <T = unknown>(url: string) => this.request<T>('DELETE', url)
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

const operators = new WeakMap<TestPlatform, ApiClient>()

/**
 * A signed-in instance administrator of the platform, made once per platform: an account marked in the store, as
 * PGFLEET_ADMIN_EMAIL's user is at start. Tests that need a paid plan have it set this way, as the operator would.
 */
export async function operatorClient(t: TestPlatform): Promise<ApiClient> {
  const known = operators.get(t)
  if (known) return known
  const operator = new ApiClient(() => t.baseUrl)
  const email = `operator-${Date.now()}@pgfleet.test`
  const signup = await operator.post('/platform/auth/signup', { email, password: 'operator-password' })
  if (signup.status !== 201) throw new Error(`operator sign-up: ${signup.status} ${JSON.stringify(signup.body)}`)
  await t.platform.ctx.db.updateTable('users').set({ instance_admin: true }).where('email', '=', email).execute()
  operators.set(t, operator)
  return operator
}

/** Sets an organization's plan as the operator does (an instance administrator, through the API); answers the status. */
export async function setPlan(t: TestPlatform, slug: string, plan: string): Promise<number> {
  const operator = await operatorClient(t)
  return (await operator.put(`/platform/organizations/${slug}/billing/subscription`, { plan })).status
}

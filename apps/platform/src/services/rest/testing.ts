import http from 'node:http'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { TENANT_OWNER_ROLE } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import pg from 'pg'
import { projectApiKeys } from '../../control/keys/api-keys'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../../testing/harness'

/** A real platform with one ACTIVE_HEALTHY project, its keys, and helpers for the data API suites. */
export interface RestTestProject {
  t: TestPlatform
  /** signed in as the organization's owner */
  api: ApiClient
  slug: string
  ref: string
  /** {platform}/p/{ref}: what supabase-js gets as its URL (it appends /rest/v1) */
  projectUrl: string
  restUrl: string
  anonKey: string
  serviceKey: string
  jwtSecret: string
  /** runs SQL as postgres on the project's database */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>
  /** a supabase-js client with the anon key, optionally acting as a user (a JWT signed with the project secret) */
  client(options?: { key?: string; accessToken?: string }): SupabaseClient
  /** an HS256 JWT signed with the project's secret */
  signJwt(claims: Record<string, unknown>, expiresIn?: string): Promise<string>
  destroy(): Promise<void>
}

/** Node 20 has no WebSocket and these suites never open a realtime channel: supabase-js only needs a constructor. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the data API tests')
  }
}

export async function startRestTestProject(env: Record<string, string> = {}): Promise<RestTestProject> {
  // suites of other files (and other checkouts) may run at the same time: keep away from their ports
  const t = await startTestPlatform({ PGFLEET_PORT_RANGE: testPortRangeSetting(), ...env })
  try {
    return await withProject(t)
  } catch (error) {
    await t.destroy()
    throw error
  }
}

async function withProject(t: TestPlatform): Promise<RestTestProject> {
  const api = new ApiClient(() => t.baseUrl)
  await api.post('/platform/auth/signup', { email: 'rest-owner@example.com', password: 'rest-owner-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const created = await api.post<Project>('/v1/projects', {
    name: 'Rest',
    organization_slug: slug,
    db_pass: 'rest-db-password',
  })
  if (created.status !== 201) throw new Error(`project creation failed: ${JSON.stringify(created.body)}`)
  const ref = created.body.ref
  await waitFor(
    () => api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`),
    (s) => s.body.status === 'ACTIVE_HEALTHY',
    60_000,
  )
  const row = await t.platform.ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow()
  const keys = await projectApiKeys(row)
  const projectUrl = `${t.baseUrl}/p/${ref}`

  const sql = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    // as the tenant's owner, the way a user's migrations create their tables
    const connection = new pg.Client(await t.platform.ctx.driver.projectConnection(ref, { user: TENANT_OWNER_ROLE }))
    await connection.connect()
    try {
      return (await connection.query<T>(text, values)).rows
    } finally {
      await connection.end()
    }
  }
  const signJwt = (claims: Record<string, unknown>, expiresIn = '1h') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(row.jwt_secret))
  const client = (options: { key?: string; accessToken?: string } = {}) =>
    createClient(projectUrl, options.key ?? keys.anon, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtime as never },
      global: options.accessToken ? { headers: { Authorization: `Bearer ${options.accessToken}` } } : {},
    })

  return {
    t,
    api,
    slug,
    ref,
    projectUrl,
    restUrl: `${projectUrl}/rest/v1`,
    anonKey: keys.anon,
    serviceKey: keys.service_role,
    jwtSecret: row.jwt_secret,
    sql,
    client,
    signJwt,
    destroy: () => t.destroy(),
  }
}

/** A raw request to the data API, for what supabase-js does not expose (headers, status lines, bad input). */
export async function restFetch(
  p: RestTestProject,
  path: string,
  init: RequestInit & { key?: string | null } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const headers = new Headers(init.headers)
  if (init.key !== null && !headers.has('apikey')) headers.set('apikey', init.key ?? p.anonKey)
  const response = await fetch(`${p.restUrl}${path}`, { ...init, headers })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) }
}

/**
 * A fetch that sends every request to `target` (host:port) with the Host header of the URL it was given, the way
 * wildcard DNS would deliver {ref}.{domain} to the platform. Node's fetch cannot set Host, so this uses node:http.
 */
export function fetchVia(target: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const [host, port] = target.split(':')
    const headers: Record<string, string> = { host: url.host }
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(
        { host, port: Number(port), path: `${url.pathname}${url.search}`, method: init?.method ?? 'GET', headers },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const status = response.statusCode ?? 500
            const responseHeaders = new Headers()
            for (const [key, value] of Object.entries(response.headers)) {
              if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value)
            }
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks)
            resolve(new Response(body, { status, headers: responseHeaders }))
          })
        },
      )
      request.on('error', reject)
      if (typeof init?.body === 'string') request.write(init.body)
      request.end()
    })
  }
}

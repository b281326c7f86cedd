import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Organization, Project, ProjectSettingsResponse, ProjectStatusResponse } from '@pgfleet/contracts'
import { removeProjectUsers } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployFunctionFiles } from '../services/functions/testing'
import { ChildPlatform } from '../testing/child-platform'
import { ApiClient, waitFor } from '../testing/harness'

/**
 * A function's network reach stays inside the platform's egress policy: a project's allow-list can open an address
 * on this machine or a private network only when the operator lists that exact host:port (PGFLEET_EGRESS_ALLOW),
 * and then only that port; this machine's own addresses (its public IPv4 included) are refused like loopback.
 */
const LISTED_PORT = 57_700
const UNLISTED_PORT = 57_701
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-fn-egress-'))
const platform = new ChildPlatform(dataDir, {
  PGFLEET_PORT_RANGE: testPortRangeSetting(),
  PGFLEET_EGRESS_ALLOW: `127.0.0.1:${LISTED_PORT}`,
})
const api = new ApiClient(() => platform.baseUrl)
let ref = ''
let databasePort = 0
const servers: http.Server[] = []

/** The machine's first address that is neither loopback nor private: what "its own IPv4" means here. */
const ownIpv4 =
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address ?? ''

function serve(host: string, port: number, text: string): Promise<void> {
  const server = http.createServer((_request, response) => response.end(text))
  servers.push(server)
  return new Promise((resolve) => server.listen(port, host, resolve))
}

const PROBE = (targets: Record<string, string>) => `Deno.serve(async () => {
  const results: Record<string, string> = {}
  for (const [name, target] of Object.entries(${JSON.stringify(targets)})) {
    try {
      results[name] = await (await fetch(target)).text()
    } catch (e) {
      const text = String(e) + String((e as Error).cause ?? '')
      results[name] = e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied || /permission denied|os error 13|NotCapable|Requires net access/i.test(text) ? 'denied' : 'failed: ' + text
    }
  }
  return Response.json(results)
})`

async function probe(targets: Record<string, string>): Promise<Record<string, string>> {
  const token = (await api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'egress' })).body.token
  const deployed = await deployFunctionFiles({
    baseUrl: platform.baseUrl,
    token,
    ref,
    slug: 'probe',
    files: { 'index.ts': PROBE(targets) },
    metadata: { entrypoint_path: 'index.ts', name: 'probe', verify_jwt: false },
  })
  expect(deployed.status, JSON.stringify(deployed.body)).toBeLessThan(300)
  return (await (await fetch(`${platform.baseUrl}/p/${ref}/functions/v1/probe`)).json()) as Record<string, string>
}

beforeAll(async () => {
  expect(ownIpv4, 'this machine needs a non-loopback IPv4 address for this suite').not.toBe('')
  await serve('127.0.0.1', LISTED_PORT, 'listed service')
  await serve('0.0.0.0', UNLISTED_PORT, 'unlisted service')
  await platform.start()
  await api.post('/platform/auth/signup', { email: 'fn-egress@example.com', password: 'fn-egress-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const created = await api.post<Project>('/v1/projects', {
    name: 'Egress',
    organization_slug: slug,
    db_pass: 'egress-db',
  })
  ref = created.body.ref
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body.status,
    (status) => status === 'ACTIVE_HEALTHY',
    60_000,
  )
  databasePort = (await api.get<ProjectSettingsResponse>(`/platform/projects/${ref}/settings`)).body.db_port ?? 0
}, 180_000)

afterAll(async () => {
  for (const server of servers) server.close()
  await platform.stop()
  await removeProjectUsers(path.join(dataDir, 'projects'))
  rmSync(dataDir, { recursive: true, force: true })
})

describe("a project's function network allow-list", () => {
  const network = () => `/platform/projects/${ref}/edge-functions/network`

  it('refuses loopback, private ranges, names and addresses of this machine the operator does not list', async () => {
    for (const entry of ['127.0.0.0/8', '127.0.0.2', 'localhost', '10.0.0.0/8', '100.0.0.0/8', ownIpv4]) {
      const answer = await api.put<{ message: string }>(network(), { allow: [entry] })
      expect(answer.status, entry).toBe(400)
      expect(answer.body.message).toMatch(/PGFLEET_EGRESS_ALLOW/)
    }
    expect((await api.get(network())).body).toEqual({ allow: [] })
  })

  it('opens a listed address on its listed port only', async () => {
    expect((await api.put(network(), { allow: ['127.0.0.1', '1.1.1.1'] })).body).toEqual({
      allow: ['127.0.0.1', '1.1.1.1'],
    })
    const platformPort = new URL(platform.baseUrl).port
    expect(
      await probe({
        listed: `http://127.0.0.1:${LISTED_PORT}/`,
        'same address, another port': `http://127.0.0.1:${UNLISTED_PORT}/`,
        'the platform': `http://127.0.0.1:${platformPort}/platform/profile`,
        "the project's database": `http://127.0.0.1:${databasePort}/`,
      }),
    ).toEqual({
      listed: 'listed service',
      'same address, another port': 'denied',
      'the platform': 'denied',
      "the project's database": 'denied',
    })
  })
})

describe("a function and this machine's own addresses", () => {
  it('cannot reach a service on the machine’s own IPv4, whatever the allow-list', async () => {
    await api.put(`/platform/projects/${ref}/edge-functions/network`, { allow: [] })
    expect(
      await probe({
        'own IPv4': `http://${ownIpv4}:${UNLISTED_PORT}/`,
        'own IPv4, platform port': `http://${ownIpv4}:${new URL(platform.baseUrl).port}/platform/profile`,
      }),
    ).toEqual({ 'own IPv4': 'denied', 'own IPv4, platform port': 'denied' })
  })
})

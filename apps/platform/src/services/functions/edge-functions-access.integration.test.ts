import {
  EDGE_FUNCTION_MAX_FILES,
  EDGE_FUNCTION_SLUG_RULE,
  EDGE_FUNCTIONS_WRITE_DENIED,
  type EdgeFunction,
  type ProjectStatusResponse,
} from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, waitFor } from '../../testing/harness'
import { type RestTestProject, startRestTestProject } from '../rest/testing'
import { edgeFunctionsRuntime } from './runtime/edge-runtime'
import { deployFunctionFiles } from './testing'

/** What the deploy API refuses, who may do what, and workers stopping when their project pauses. */
let p: RestTestProject
let token = ''
const HELLO = 'Deno.serve(() => new Response("hello"))'

beforeAll(async () => {
  p = await startRestTestProject({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
  token = (await p.api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'functions' })).body.token
})
afterAll(async () => {
  await p?.destroy()
})

const deploy = (slug: string, files: Record<string, string>, metadata?: Record<string, unknown>, as = token) =>
  deployFunctionFiles({ baseUrl: p.t.baseUrl, token: as, ref: p.ref, slug, files, metadata })

async function memberToken(role: 'Read-only' | 'Developer', email: string): Promise<string> {
  const member = new ApiClient(() => p.t.baseUrl)
  await member.post('/platform/auth/signup', { email, password: 'member-password' })
  const added = await p.api.post(`/platform/organizations/${p.slug}/members`, { email, role_name: role })
  if (added.status >= 300) throw new Error(`adding a member failed: ${JSON.stringify(added.body)}`)
  return (await member.post<{ token: string }>('/platform/profile/access-tokens', { name: 'member' })).body.token
}

describe('deploy validation', () => {
  it('refuses bad slugs', async () => {
    for (const slug of ['1abc', 'has space', 'a'.repeat(64), 'dot.ted', '']) {
      const answer = await deploy(slug, { 'index.ts': HELLO })
      expect(answer.status, slug).toBe(400)
      expect(answer.body.message, slug).toMatch(slug === '' ? 'slug is required' : EDGE_FUNCTION_SLUG_RULE)
    }
  })

  it('refuses file names that could leave the function directory', async () => {
    const cases: [string, string][] = [
      ['../evil.ts', 'must not contain ..'],
      ['lib/../../evil.ts', 'must not contain ..'],
      ['/etc/evil.ts', 'must be relative'],
      ['C:/evil.ts', 'must be relative'],
      ['lib\\evil.ts', 'must use / as the separator'],
      ['lib//evil.ts', 'is not a plain path'],
    ]
    for (const [name, message] of cases) {
      const answer = await deploy('traversal', { 'index.ts': HELLO, [name]: 'export {}' })
      expect(answer.status, name).toBe(400)
      expect(answer.body.message, name).toContain(message)
    }
    expect((await p.api.get<EdgeFunction[]>(`/v1/projects/${p.ref}/functions`)).body).toEqual([])
  })

  it('refuses a missing entrypoint, a missing metadata part, bad metadata and a non-multipart body', async () => {
    const missing = await deploy('entry', { 'main.ts': HELLO })
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'The entrypoint index.ts is not one of the deployed files' },
    })
    const badJwt = await deploy('entry', { 'index.ts': HELLO }, { verify_jwt: 'yes' })
    expect(badJwt).toMatchObject({ status: 400, body: { message: 'metadata.verify_jwt must be true or false' } })

    const noMetadata = new FormData()
    noMetadata.append('file', new Blob([HELLO]), 'index.ts')
    const answer = await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions/deploy?slug=entry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: noMetadata,
    })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: 'The deploy has no metadata part' })

    const json = await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions/deploy?slug=entry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ files: [] }),
    })
    expect(json.status).toBe(400)
    expect(((await json.json()) as { message: string }).message).toMatch(/^A deploy is multipart\/form-data/)
  })

  it('refuses more files than the limit', async () => {
    const files: Record<string, string> = { 'index.ts': HELLO }
    for (let i = 0; i < EDGE_FUNCTION_MAX_FILES; i++) files[`lib/f${i}.ts`] = 'export {}'
    const answer = await deploy('many', files)
    expect(answer.status).toBe(413)
    expect(answer.body.message).toBe(`A function may have at most ${EDGE_FUNCTION_MAX_FILES} files`)
  })
})

describe('permissions', () => {
  it('lets a read-only member read but not deploy or delete; non-members see nothing', async () => {
    expect((await deploy('hello', { 'index.ts': HELLO })).status).toBe(201)
    const readOnly = await memberToken('Read-only', 'reader@functions.test')
    const headers = { authorization: `Bearer ${readOnly}` }
    expect((await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions`, { headers })).status).toBe(200)
    expect((await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions/hello`, { headers })).status).toBe(200)
    const denied = await deploy('hello', { 'index.ts': HELLO }, undefined, readOnly)
    expect(denied).toEqual({ status: 403, body: { message: EDGE_FUNCTIONS_WRITE_DENIED } })
    const deleteDenied = await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions/hello`, {
      method: 'DELETE',
      headers,
    })
    expect(deleteDenied.status).toBe(403)

    const developer = await memberToken('Developer', 'dev@functions.test')
    const redeployed = await deploy('hello', { 'index.ts': HELLO }, undefined, developer)
    expect(redeployed.body.version).toBe(2)

    const stranger = new ApiClient(() => p.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@functions.test', password: 'stranger-password' })
    expect((await stranger.get(`/v1/projects/${p.ref}/functions`)).status).toBe(404)
  })
})

describe('project pause', () => {
  it('stops the project workers when it pauses, and refuses calls while it is paused', async () => {
    const runtime = edgeFunctionsRuntime(p.t.platform.ctx)
    const answer = await fetch(`${p.projectUrl}/functions/v1/hello`, {
      headers: { authorization: `Bearer ${p.anonKey}` },
    })
    expect(await answer.text()).toBe('hello')
    const [worker] = runtime.pool.running()
    expect(worker?.spec.key).toBe(`${p.ref}/hello`)

    expect((await p.api.post(`/v1/projects/${p.ref}/pause`)).status).toBeLessThan(300)
    await waitFor(
      async () => (await p.api.get<ProjectStatusResponse>(`/platform/projects/${p.ref}/status`)).body.status,
      (status) => status === 'INACTIVE',
      60_000,
      250,
    )
    expect(runtime.pool.running()).toEqual([])
    expect(worker?.exited).toBe(true)
    const paused = await fetch(`${p.projectUrl}/functions/v1/hello`, {
      headers: { authorization: `Bearer ${p.anonKey}` },
    })
    expect(paused.status).toBe(503)
    expect(((await paused.json()) as { message: string }).message).toContain('is not running')
  })
})

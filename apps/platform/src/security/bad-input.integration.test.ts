import type { Organization, Project } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BAD_BODY_MESSAGE, BAD_URL_MESSAGE } from '../http/bad-input'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../testing/harness'

/**
 * Hostile bytes on every route of the route table, as a signed-in owner: a NUL in the path, the query or a JSON
 * body, and invalid UTF-8 in a body. No route may answer 5xx; the NUL and bad URL cases answer 400.
 */
let t: TestPlatform
const owner = new ApiClient(() => t.baseUrl)
let ref = ''
let slug = ''

beforeAll(async () => {
  t = await startTestPlatform({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
  await owner.post('/platform/auth/signup', { email: 'bad-input@example.com', password: 'bad-input-password' })
  slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  ref = (await owner.post<Project>('/v1/projects', { name: 'Bad', organization_slug: slug, db_pass: 'bad-db-pass' }))
    .body.ref
  await waitFor(
    async () => (await owner.get<{ status: string }>(`/platform/projects/${ref}/status`)).body.status,
    (status) => status === 'ACTIVE_HEALTHY',
    60_000,
  )
}, 120_000)
afterAll(async () => {
  await t?.destroy()
})

/** The route's URL with real values where they make the request reach the handler, and `hostile` in one place. */
function fill(url: string, hostile: string | null): string {
  let used = false
  const filled = url
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        if (!hostile || used) return 'x'
        used = true
        return `x${hostile}y`
      }
      if (!segment.startsWith(':')) return segment
      if (hostile && !used) {
        used = true
        return `a${hostile}b`
      }
      return segment === ':ref' ? ref : segment === ':slug' ? slug : 'x'
    })
    .join('/')
  return hostile && !used ? `${filled}?q=a${hostile}b` : filled
}

async function send(method: string, url: string, body?: { type: string; bytes: Buffer }) {
  const cookies = (owner as unknown as { cookies: Map<string, string> }).cookies
  const headers: Record<string, string> = {
    origin: t.baseUrl,
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': cookies.get('csrf') ?? '',
  }
  if (body) headers['content-type'] = body.type
  const response = await fetch(`${t.baseUrl}${url}`, { method, headers, body: body?.bytes })
  const text = await response.text()
  return { status: response.status, text }
}

describe('hostile bytes on every route', () => {
  it('never answer 5xx, and answer 400 to a NUL in the URL or a JSON body', async () => {
    const routes = t.platform.app.routeTable.filter((route) => route.method !== 'HEAD' && route.url !== '*')
    expect(routes.length).toBeGreaterThan(80)
    const failures: string[] = []
    const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
    for (const { method, url } of routes) {
      for (const hostile of ['%00', '%C3%28']) {
        const answer = await send(method, fill(url, hostile))
        // the data API and Storage answer in their own shapes (PostgREST's and Storage's errors)
        const ownShape = /\/(rest|storage)\/v1/.test(url)
        if (answer.status !== 400) failures.push(`${method} ${fill(url, hostile)} → ${answer.status} ${answer.text}`)
        else if (!answer.text.includes(BAD_URL_MESSAGE)) failures.push(`${method} ${url}: ${answer.text}`)
        else if (ownShape && !/"(code|statusCode)"/.test(answer.text)) failures.push(`${method} ${url}: ${answer.text}`)
      }
      if (!withBody.has(method)) continue
      const target = fill(url, null)
      const nul = await send(method, target, { type: 'application/json', bytes: Buffer.from('{"name":"a\\u0000b"}') })
      const badUtf8 = await send(method, target, {
        type: 'application/json',
        bytes: Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      })
      for (const [kind, answer] of [
        ['NUL body', nul],
        ['invalid UTF-8 body', badUtf8],
      ] as const) {
        if (answer.status >= 500) failures.push(`${method} ${target} (${kind}) → ${answer.status} ${answer.text}`)
        // the data APIs answer in their own shapes; an upload's body is the file itself, whatever bytes it holds,
        // and a resumable upload's is a chunk of it (TUS answers in its own statuses)
        const parsesJson =
          !/\/(storage|functions)\/v1/.test(url) &&
          !url.endsWith('/objects/upload') &&
          !url.includes('/upload/resumable')
        if (
          parsesJson &&
          answer.status !== 400 &&
          answer.status !== 404 &&
          answer.status !== 401 &&
          answer.status !== 403
        ) {
          failures.push(`${method} ${target} (${kind}) → ${answer.status} ${answer.text}`)
        }
        if (parsesJson && answer.status === 400 && !answer.text.includes(BAD_BODY_MESSAGE)) {
          failures.push(`${method} ${target} (${kind}) → 400 with another message: ${answer.text}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})

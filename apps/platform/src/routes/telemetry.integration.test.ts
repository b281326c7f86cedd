import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform } from '../testing/harness'

let t: TestPlatform
const logLines: string[] = []
const client = () => new ApiClient(() => t.baseUrl)

beforeAll(async () => {
  t = await startTestPlatform({}, { logLines })
})
afterAll(async () => {
  await t?.destroy()
})

const analyticsLines = () =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'analytics event')

describe('POST /platform/telemetry/event', () => {
  it("writes a signed-in user's event to the platform's log, once", async () => {
    const api = client()
    const profile = await api.post<{ id: number }>('/platform/auth/signup', {
      email: 'events@example.com',
      password: 'events-password-1',
    })
    const sent = await api.post('/platform/telemetry/event', {
      action: 'example_project_card_clicked',
      page: '/project/abc/building',
      properties: { title: 'Todo list', count: 2, ok: true },
    })
    expect(sent.status).toBe(200)
    const lines = analyticsLines()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      event: 'example_project_card_clicked',
      page: '/project/abc/building',
      properties: { title: 'Todo list', count: 2, ok: true },
      user_id: profile.body.id,
    })
  })

  it('refuses a signed-out caller and writes nothing', async () => {
    const before = analyticsLines().length
    const anonymous = await client().post('/platform/telemetry/event', { action: 'assistant_prompt_submitted' })
    expect(anonymous.status).toBe(401)
    expect(analyticsLines()).toHaveLength(before)
  })

  it.each([
    ['a name that is not snake_case', { action: 'Drop Table;' }],
    ['an unknown field', { action: 'a_b', extra: 1 }],
    ['a page with an origin', { action: 'a_b', page: 'https://elsewhere.example/x' }],
    ['nested properties', { action: 'a_b', properties: { nested: { a: 1 } } }],
    [
      'too many properties',
      { action: 'a_b', properties: Object.fromEntries([...Array(21)].map((_, i) => [`p${i}`, i])) },
    ],
    ['a long value', { action: 'a_b', properties: { text: 'x'.repeat(501) } }],
  ])('answers 400 to %s', async (_case, body) => {
    const api = client()
    await api.post('/platform/auth/signup', {
      email: `bad-${Math.random()}@example.com`,
      password: 'events-password-1',
    })
    const before = analyticsLines().length
    const sent = await api.post('/platform/telemetry/event', body)
    expect(sent.status).toBe(400)
    expect(analyticsLines()).toHaveLength(before)
  })

  it('limits each user to 120 events a minute', async () => {
    const api = client()
    await api.post('/platform/auth/signup', { email: 'busy@example.com', password: 'events-password-1' })
    const statuses: number[] = []
    for (let i = 0; i < 121; i++) {
      statuses.push((await api.post('/platform/telemetry/event', { action: 'busy_loop' })).status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120)
    expect(statuses.at(-1)).toBe(429)
  })
})

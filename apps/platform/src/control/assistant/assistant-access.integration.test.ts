import { AI_SQL_OPT_IN_TAG, type AssistantConversation, type OrganizationAiSettings } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../testing/harness'
import { type ScriptedModelServer, startScriptedModelServer } from '../../testing/scripted-model-server'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'
import { readUiStream, streamedText } from './eval/ui-stream'

/** Who may do what with the assistant, and how its failures read: attack tests for every assistant route. */
let model: ScriptedModelServer
/** an organization's model server on this machine, whose exact host:port the operator lists */
let listedModel: ScriptedModelServer
let fx: ProjectFixture
let ref: string
let developer: ApiClient
let readOnly: ApiClient
let stranger: ApiClient

const message = (text: string) => ({ id: `m-${Math.random()}`, role: 'user', parts: [{ type: 'text', text }] })

const PROJECT_PORTS = { from: 56_000, to: 56_999 }

/** A scripted model on a port outside the projects' range (the platform refuses to list one of those). */
async function modelOutsideProjectPorts(): Promise<ScriptedModelServer> {
  for (;;) {
    const server = await startScriptedModelServer({ builtIn: [{ match: 'hello', turns: [{ text: 'Hello there!' }] }] })
    const port = Number(new URL(server.baseUrl).port)
    if (port < PROJECT_PORTS.from || port > PROJECT_PORTS.to) return server
    await server.close()
  }
}

beforeAll(async () => {
  // the platform's own model address is the operator's: reachable on this machine without being listed
  model = await startScriptedModelServer({ builtIn: [{ match: 'hello', turns: [{ text: 'Hello there!' }] }] })
  listedModel = await modelOutsideProjectPorts()
  fx = await startProjectFixture({
    OPENAI_API_KEY: model.apiKey,
    OPENAI_BASE_URL: model.baseUrl,
    PGFLEET_AI_MODEL: 'scripted-model',
    PGFLEET_AI_RATE_LIMIT_PER_MINUTE: '40',
    PGFLEET_PORT_RANGE: `${PROJECT_PORTS.from}-${PROJECT_PORTS.to}`,
    PGFLEET_EGRESS_ALLOW: `127.0.0.1:${new URL(listedModel.baseUrl).port}`,
  })
  ref = fx.project.ref
  developer = await fx.member('Developer')
  readOnly = await fx.member('Read-only')
  stranger = new ApiClient(() => fx.t.baseUrl)
  await stranger.post('/platform/auth/signup', { email: 'stranger@meta.test', password: 'stranger-password' })
}, 180_000)

afterAll(async () => {
  await fx?.t.destroy()
  await model?.close()
  await listedModel?.close()
})

describe('assistant conversations', () => {
  it('stores an exchange in the caller’s conversation, which only the caller sees', async () => {
    const created = await readOnly.post<AssistantConversation>(`/platform/projects/${ref}/ai/conversations`, {})
    expect(created.status).toBe(201)
    const id = created.body.id
    const response = await readOnly.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [message('hello assistant')],
      projectRef: ref,
      chatId: id,
    })
    expect(streamedText(await readUiStream(response))).toBe('Hello there!')
    const stored = await readOnly.get<AssistantConversation>(`/platform/projects/${ref}/ai/conversations/${id}`)
    expect(stored.body.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(stored.body.name).toBe('hello assistant')

    // another member of the project, and a stranger, get a 404 as for a missing conversation
    expect((await developer.get(`/platform/projects/${ref}/ai/conversations/${id}`)).status).toBe(404)
    expect((await developer.delete(`/platform/projects/${ref}/ai/conversations/${id}`)).status).toBe(404)
    expect((await stranger.get(`/platform/projects/${ref}/ai/conversations/${id}`)).status).toBe(404)
    expect((await stranger.get(`/platform/projects/${ref}/ai/conversations`)).status).toBe(404)
    // nor can another user save into it through the chat route
    const hijack = await developer.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [message('hello')],
      projectRef: ref,
      chatId: id,
    })
    expect(hijack.status).toBe(404)

    const renamed = await readOnly.patch(`/platform/projects/${ref}/ai/conversations/${id}`, { name: 'Greetings' })
    expect(renamed.body).toMatchObject({ name: 'Greetings', message_count: 2 })
    expect((await readOnly.patch(`/platform/projects/${ref}/ai/conversations/${id}`, { name: '  ' })).status).toBe(400)
    expect((await readOnly.delete(`/platform/projects/${ref}/ai/conversations/${id}`)).status).toBe(200)
    expect((await readOnly.get(`/platform/projects/${ref}/ai/conversations/${id}`)).status).toBe(404)
    expect((await readOnly.get(`/platform/projects/${ref}/ai/conversations/not-a-uuid`)).status).toBe(400)
  })

  it('refuses a stranger the model calls of a project they are not in', async () => {
    const chat = await stranger.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [message('hello')],
      projectRef: ref,
    })
    expect(chat.status).toBe(404)
    expect((await stranger.get(`/api/ai/sql/check-api-key?projectRef=${ref}`)).status).toBe(404)
  })

  it('refuses calls without a session or without the CSRF header', async () => {
    const anonymous = await fetch(`${fx.t.baseUrl}/api/ai/sql/check-api-key`)
    expect(anonymous.status).toBe(401)
    readOnly.csrf = false
    const forged = await readOnly.post('/api/ai/sql/title', { sql: 'select 1' })
    readOnly.csrf = true
    expect(forged.status).toBe(403)
  })

  it('rejects hostile input with a clear 400', async () => {
    const tooMany = await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: Array.from({ length: 401 }, (_, i) => message(`m${i}`)),
      projectRef: ref,
    })
    expect(tooMany.status).toBe(400)
    const badRef = await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [message('hello')],
      projectRef: "x'; drop table projects; --",
    })
    expect(badRef.status).toBe(400)
    const noParts = await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [{ id: '1', role: 'user' }],
      projectRef: ref,
    })
    expect(noParts.status).toBe(400)
    expect(((await noParts.json()) as { message: string }).message).toBeTruthy()
  })
})

describe('schema sharing and the organization’s model settings', () => {
  it('lets a Developer choose shared schemas only after the opt-in, and never a Read-only member', async () => {
    expect((await developer.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['public'] })).status).toBe(409)
    await fx.owner.patch(`/platform/organizations/${fx.slug}`, { slug: fx.slug, opt_in_tags: [AI_SQL_OPT_IN_TAG] })
    expect((await developer.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['app', 'public'] })).status).toBe(
      200,
    )
    expect((await readOnly.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['public'] })).status).toBe(403)
    expect((await readOnly.get(`/platform/projects/${ref}/ai/settings`)).body).toEqual({ schemas: ['app', 'public'] })
    expect((await stranger.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['public'] })).status).toBe(404)
  })

  it('lets only an Owner set the model, stores the key sealed and never answers it', async () => {
    const settings = {
      provider: 'openai',
      base_url: listedModel.baseUrl,
      model: 'scripted-model',
      api_key: 'org-secret-key',
    }
    expect((await developer.put(`/platform/organizations/${fx.slug}/ai-settings`, settings)).status).toBe(403)
    // an address on this machine is refused unless the operator lists that exact host:port: the platform's own
    // model is on 127.0.0.1 too, on a port nobody listed, and the listed port on another loopback address is not it
    for (const unlisted of [model.baseUrl, `http://[::1]:${new URL(listedModel.baseUrl).port}/v1`]) {
      const refused = await fx.owner.put<{ message: string }>(`/platform/organizations/${fx.slug}/ai-settings`, {
        ...settings,
        base_url: unlisted,
      })
      expect(refused.status, unlisted).toBe(400)
      expect(refused.body.message, unlisted).toMatch(/private or local/)
    }

    const saved = await fx.owner.put<OrganizationAiSettings>(`/platform/organizations/${fx.slug}/ai-settings`, settings)
    expect(saved.body).toEqual({
      provider: 'openai',
      base_url: listedModel.baseUrl,
      model: 'scripted-model',
      has_api_key: true,
      hipaa_addon: false,
    })
    expect(JSON.stringify((await developer.get(`/platform/organizations/${fx.slug}/ai-settings`)).body)).not.toContain(
      'org-secret-key',
    )
    const stored = await fx.t.platform.ctx.db
      .selectFrom('organizations')
      .select('ai_api_key_encrypted')
      .where('slug', '=', fx.slug)
      .executeTakeFirstOrThrow()
    expect(stored.ai_api_key_encrypted).not.toContain('org-secret-key')

    // the organization's key is the one the model server sees; a wrong one reads as a clear message
    const status = await fx.owner.get(`/api/ai/sql/check-api-key?projectRef=${ref}`)
    expect(status.body).toMatchObject({ hasKey: true, source: 'organization' })
    const chunks = await readUiStream(
      await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', { messages: [message('hello')], projectRef: ref }),
    )
    const error = chunks.find((chunk) => chunk.type === 'error')
    expect(error?.errorText).toMatch(/refused the API key \(401\)/)

    await fx.owner.put(`/platform/organizations/${fx.slug}/ai-settings`, { ...settings, api_key: null })
    expect((await fx.owner.get(`/api/ai/sql/check-api-key?projectRef=${ref}`)).body).toMatchObject({
      source: 'platform',
    })
  })

  it('lets only an Owner turn the HIPAA add-on on', async () => {
    const denied = await developer.put<{ message: string }>(`/platform/organizations/${fx.slug}/addons/hipaa`, {
      enabled: true,
    })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You need additional permissions to amend subscriptions')
  })
})

describe('assistant failures read clearly', () => {
  it('says when the model server cannot be reached', async () => {
    const ai = fx.t.platform.ctx.config.ai
    const saved = ai.baseUrl
    ai.baseUrl = 'http://127.0.0.1:9/v1'
    const chunks = await readUiStream(
      await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', { messages: [message('hello')], projectRef: ref }),
    )
    ai.baseUrl = saved
    expect(chunks.find((chunk) => chunk.type === 'error')?.errorText).toMatch(/cannot be reached/)
  })

  it('says when no key is set, and when the assistant is disabled', async () => {
    const ai = fx.t.platform.ctx.config.ai
    const key = ai.apiKey
    ai.apiKey = undefined
    const noKey = await fx.owner.post<{ message: string }>('/api/ai/sql/complete', {
      prompt: 'x',
      completionMetadata: { textBeforeCursor: '', textAfterCursor: '', language: 'pgsql', prompt: 'x', selection: '' },
      projectRef: ref,
    })
    expect(noKey.body.message).toBe('OpenAI API key not set')
    expect((await fx.owner.get(`/api/ai/sql/check-api-key?projectRef=${ref}`)).body).toMatchObject({ hasKey: false })
    ai.apiKey = key
    ai.disabled = true
    const disabled = await fx.owner.post<{ message: string }>('/api/ai/sql/title', { sql: 'select 1' })
    ai.disabled = false
    expect(disabled.status).toBe(503)
    expect(disabled.body.message).toBe('Assistant has been temporarily disabled')
  })

  it('rate limits each user per minute', async () => {
    let limited: { status: number; body: { message: string } } | undefined
    for (let i = 0; i < 45 && !limited; i++) {
      const response = await developer.post<{ message: string }>('/api/ai/sql/title', {
        sql: 'select 1',
        projectRef: ref,
      })
      if (response.status === 429) limited = response
    }
    expect(limited?.body.message).toMatch(/too many requests to the assistant/)
    // another user still gets answers
    const other = await readOnly.post('/api/ai/sql/title', { sql: 'select 1', projectRef: ref })
    expect(other.status).not.toBe(429)
  })
})

import { AI_SQL_OPT_IN_TAG, type CheckApiKeyResponse, type SqlProposal } from '@pgfleet/contracts'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../testing/harness'
import {
  type ChatRequest,
  offeredTools,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../testing/scripted-model-server'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'
import { EVAL_FIXTURE_SQL } from './eval/fixture'
import { EVAL_QUESTIONS } from './eval/questions'
import { runEvaluation } from './eval/runner'
import { evalScenarios } from './eval/scenarios'
import { readUiStream, streamedText, toolOutputs } from './eval/ui-stream'

let model: ScriptedModelServer
let fx: ProjectFixture
let db: pg.Client
let ref: string

const ask = (client: ApiClient, text: string, extra: Record<string, unknown> = {}) =>
  client.fetch('POST', '/api/ai/sql/generate-v3', {
    messages: [{ id: `m-${Math.random()}`, role: 'user', parts: [{ type: 'text', text }] }],
    includeSchemaMetadata: true,
    projectRef: ref,
    ...extra,
  })

/** Everything the platform sent to the model, as one text. */
const sentToModel = (requests: ChatRequest[]) => JSON.stringify(requests)

const optIn = (tags: string[]) =>
  fx.owner.patch(`/platform/organizations/${fx.slug}`, { slug: fx.slug, opt_in_tags: tags })

beforeAll(async () => {
  model = await startScriptedModelServer({
    builtIn: [
      ...evalScenarios(),
      {
        match: 'keep looking forever',
        turns: () => ({ toolCalls: [{ name: 'propose_sql', arguments: { sql: 'select 1', title: 'again' } }] }),
      },
      {
        match: 'look at pg_catalog',
        turns: (_request, index) =>
          index === 0
            ? { toolCalls: [{ name: 'list_tables', arguments: { schemas: ['pg_catalog', 'public'] } }] }
            : { text: 'Looked.' },
      },
    ],
  })
  fx = await startProjectFixture({
    OPENAI_API_KEY: model.apiKey,
    OPENAI_BASE_URL: model.baseUrl,
    PGFLEET_AI_MODEL: 'scripted-model',
    PGFLEET_AI_RATE_LIMIT_PER_MINUTE: '1000',
  })
  ref = fx.project.ref
  db = await fx.connect()
  await db.query(EVAL_FIXTURE_SQL)
}, 180_000)

afterAll(async () => {
  await db?.end()
  await fx?.t.destroy()
  await model?.close()
})

describe('the assistant answers through an OpenAI-compatible server', () => {
  it('says a key is configured by the platform, and that metadata may not leave before the opt-in', async () => {
    const status = await fx.owner.get<CheckApiKeyResponse>(`/api/ai/sql/check-api-key?projectRef=${ref}`)
    expect(status.body).toMatchObject({ hasKey: true, disabled: false, source: 'platform', metadataAllowed: false })
  })

  it('streams a reply with the proposed SQL judged by the server, not by the model', async () => {
    const question = EVAL_QUESTIONS.find((q) => q.id === 'delete-pending')
    const response = await ask(fx.owner, question?.question ?? '')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const chunks = await readUiStream(response)
    const [proposal] = toolOutputs<SqlProposal>(chunks, 'propose_sql')
    expect(proposal).toMatchObject({ writes: true, runQuery: false })
    expect(streamedText(chunks)).toContain('Here is the SQL')
  })

  it('sends no metadata tools and no table names without the opt-in, whatever the request asks', async () => {
    model.requests.length = 0
    await optIn([])
    await readUiStream(await ask(fx.owner, 'How many customers are there?'))
    expect(model.requests.length).toBeGreaterThan(0)
    for (const request of model.requests)
      expect(offeredTools(request)).toEqual(['propose_sql', 'propose_edge_function'])
    expect(sentToModel(model.requests)).not.toContain('price_cents')
  })

  it('reads the shared schemas for the model once the organization opted in', async () => {
    await optIn([AI_SQL_OPT_IN_TAG])
    model.requests.length = 0
    await readUiStream(await ask(fx.owner, 'How many customers are there?'))
    expect(offeredTools(model.requests[0] as ChatRequest)).toContain('list_tables')
    expect(sentToModel(model.requests)).toContain('price_cents')
  })

  it('never describes system schemas, even when the model asks for them', async () => {
    model.requests.length = 0
    await readUiStream(await ask(fx.owner, 'look at pg_catalog'))
    const sent = sentToModel(model.requests)
    expect(sent).toContain('customers')
    expect(sent).not.toContain('pg_authid')
    expect(sent).not.toContain('pg_class')
  })

  it('sends only the schemas the project chose', async () => {
    expect((await fx.owner.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['pg_catalog'] })).status).toBe(400)
    expect((await fx.owner.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['sales'] })).body).toEqual({
      schemas: ['sales'],
    })
    model.requests.length = 0
    await readUiStream(await ask(fx.owner, 'How many customers are there?'))
    expect(sentToModel(model.requests)).not.toContain('price_cents')
    await fx.owner.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['public'] })
  })

  it('never sends metadata for an organization with the HIPAA add-on, opted in or not', async () => {
    expect((await fx.owner.put(`/platform/organizations/${fx.slug}/addons/hipaa`, { enabled: true })).status).toBe(200)
    model.requests.length = 0
    await readUiStream(await ask(fx.owner, 'How many customers are there?'))
    for (const request of model.requests) expect(offeredTools(request)).not.toContain('list_tables')
    expect(sentToModel(model.requests)).not.toContain('price_cents')
    const settings = await fx.owner.put(`/platform/projects/${ref}/ai/settings`, { schemas: ['public'] })
    expect(settings.status).toBe(409)
    const status = await fx.owner.get<CheckApiKeyResponse>(`/api/ai/sql/check-api-key?projectRef=${ref}`)
    expect(status.body.metadataAllowed).toBe(false)
    await fx.owner.put(`/platform/organizations/${fx.slug}/addons/hipaa`, { enabled: false })
  })

  it('stops the tool loop after 5 model steps', async () => {
    model.requests.length = 0
    const chunks = await readUiStream(await ask(fx.owner, 'keep looking forever'))
    expect(model.requests).toHaveLength(5)
    expect(toolOutputs(chunks, 'propose_sql')).toHaveLength(5)
  })

  it('answers an inline edit and a title', async () => {
    model.scenarios.push({
      match: 'Instruction: add a limit',
      turns: [{ text: '```sql\nselect * from customers limit 10\n```' }],
    })
    model.scenarios.push({
      match: (request) => JSON.stringify(request.messages).includes('You name SQL snippets'),
      turns: [{ text: '{"title": "Customers by country", "description": "Counts customers per country."}' }],
    })
    const completion = await fx.owner.post<{ completion: string }>('/api/ai/sql/complete', {
      prompt: 'add a limit',
      completionMetadata: {
        textBeforeCursor: '',
        textAfterCursor: '',
        language: 'pgsql',
        prompt: 'add a limit',
        selection: 'select * from customers',
      },
      projectRef: ref,
    })
    expect(completion.body).toEqual({ completion: 'select * from customers limit 10' })
    const title = await fx.owner.post('/api/ai/sql/title', {
      sql: 'select country, count(*) from customers group by 1',
    })
    expect(title.body).toEqual({ title: 'Customers by country', description: 'Counts customers per country.' })
    model.scenarios.length = 0
  })
})

describe('the evaluation set, against the scripted model', () => {
  it('answers every question right, and no write runs without the confirmation', async () => {
    await optIn([AI_SQL_OPT_IN_TAG])
    const report = await runEvaluation(fx.owner, ref, db, EVAL_QUESTIONS)
    const failed = report.outcomes.filter((outcome) => !outcome.passed)
    expect(failed).toEqual([])
    expect(report.total).toBeGreaterThanOrEqual(30)
    expect(report.unconfirmedWrites).toBe(0)
  }, 300_000)
})

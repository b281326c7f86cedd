// The assistant: how long a streamed token takes from the model server to the client (through the platform's
// /api/ai/sql/generate-v3), and the evaluation set's pass rate — against a real model when OPENAI_API_KEY is set
// (OPENAI_BASE_URL and PGFLEET_AI_MODEL as for the platform), else against the scripted model (plumbing only).
// Run: npx tsx bench/assistant.bench.ts [replies] [--short]
import { AI_SQL_OPT_IN_TAG } from '@pgfleet/contracts'
import { EVAL_FIXTURE_SQL } from '../apps/platform/src/control/assistant/eval/fixture'
import { EVAL_QUESTIONS } from '../apps/platform/src/control/assistant/eval/questions'
import { runEvaluation } from '../apps/platform/src/control/assistant/eval/runner'
import { evalScenarios } from '../apps/platform/src/control/assistant/eval/scenarios'
import { startProjectFixture } from '../apps/platform/src/control/pg-meta/testing'
import { startScriptedModelServer } from '../apps/platform/src/testing/scripted-model-server'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const REPLIES = numberArg(0, 30, 1)
const realModel = Boolean(process.env.OPENAI_API_KEY)

const model = await startScriptedModelServer({
  builtIn: [
    { match: 'stream please', turns: [{ text: 'Streaming tokens one after another. '.repeat(20) }] },
    ...evalScenarios(),
  ],
})
// pieces 5 ms apart, as a model streams tokens
model.chunkDelayMs = 5
const fx = await startProjectFixture({
  OPENAI_API_KEY: model.apiKey,
  OPENAI_BASE_URL: model.baseUrl,
  PGFLEET_AI_MODEL: 'scripted-model',
  PGFLEET_AI_RATE_LIMIT_PER_MINUTE: '10000',
})
const ref = fx.project.ref
const record = new BenchRecord(realModel ? 'assistant-real-model' : 'assistant')

try {
  // token latency: each text piece's arrival at the client against when the model server wrote it
  const firstToken: number[] = []
  const everyToken: number[] = []
  for (let i = 0; i < REPLIES; i++) {
    model.textSentAt.length = 0
    const response = await fx.owner.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [{ id: `b${i}`, role: 'user', parts: [{ type: 'text', text: 'stream please' }] }],
      projectRef: ref,
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    let deltas = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const now = performance.now()
      buffer += decoder.decode(value, { stream: true })
      const events = buffer.split('\n\n')
      buffer = events.pop() ?? ''
      for (const event of events) {
        if (!event.includes('"text-delta"')) continue
        const sent = model.textSentAt[deltas]
        if (sent !== undefined) {
          ;(deltas === 0 ? firstToken : everyToken).push(now - sent)
        }
        deltas++
      }
    }
  }
  console.log(`token latency, model server → client through the platform (${REPLIES} replies):`)
  console.log(
    `  first token  p50 ${percentile(firstToken, 50).toFixed(1)} ms  p95 ${percentile(firstToken, 95).toFixed(1)} ms  max ${Math.max(...firstToken).toFixed(1)} ms`,
  )
  console.log(
    `  every token  p50 ${percentile(everyToken, 50).toFixed(1)} ms  p95 ${percentile(everyToken, 95).toFixed(1)} ms  max ${Math.max(...everyToken).toFixed(1)} ms`,
  )

  // the evaluation set
  const db = await fx.connect()
  await db.query(EVAL_FIXTURE_SQL)
  await fx.owner.patch(`/platform/organizations/${fx.slug}`, { slug: fx.slug, opt_in_tags: [AI_SQL_OPT_IN_TAG] })
  if (realModel) {
    const ai = fx.t.platform.ctx.config.ai
    ai.apiKey = process.env.OPENAI_API_KEY
    ai.baseUrl = process.env.OPENAI_BASE_URL
    ai.model = process.env.PGFLEET_AI_MODEL ?? 'gpt-4o-mini'
  }
  const report = await runEvaluation(fx.owner, ref, db, SHORT ? EVAL_QUESTIONS.slice(0, 2) : EVAL_QUESTIONS)
  await db.end()
  console.log(
    `evaluation (${realModel ? `real model ${fx.t.platform.ctx.config.ai.model}` : 'scripted model: plumbing only, no real model key was set'}):`,
  )
  console.log(`  passed ${report.passed}/${report.total} (${((100 * report.passed) / report.total).toFixed(0)}%)`)
  console.log(`  writes that would have run without the confirmation: ${report.unconfirmedWrites}`)
  for (const outcome of report.outcomes.filter((o) => !o.passed)) console.log(`  ✗ ${outcome.id}: ${outcome.reason}`)
  record.figure('first token, p50', percentile(firstToken, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('every token, p50', percentile(everyToken, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('evaluation passed', (100 * report.passed) / report.total, { unit: '%', better: 'higher', digits: 0 })
  record.save()
} finally {
  await fx.t.destroy()
  await model.close()
}

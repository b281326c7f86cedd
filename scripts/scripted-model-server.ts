// The OpenAI-compatible test model for the browser journeys: `node --import tsx scripts/scripted-model-server.ts`
// listens on 127.0.0.1:$PORT (/v1/chat/completions, /v1/models) with the journeys' scripted answers.
import { e2eModelScenarios } from '../apps/platform/src/testing/e2e-model-scenarios'
import { startScriptedModelServer } from '../apps/platform/src/testing/scripted-model-server'

const port = Number(process.env.PORT ?? 28080)
const server = await startScriptedModelServer({
  port,
  apiKey: process.env.SCRIPTED_MODEL_API_KEY ?? 'scripted-test-key',
  builtIn: e2eModelScenarios(),
})
console.log(`scripted model server on ${server.baseUrl}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}

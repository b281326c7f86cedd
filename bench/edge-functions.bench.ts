// Edge functions: cold start (first call after a deploy: spawn Deno, load the function, answer) and warm request
// latency through the platform's proxy, p50/p95, plus the worker's memory.
// Run: npx tsx bench/edge-functions.bench.ts [cold starts] [warm requests] [--short]
import { readFile } from 'node:fs/promises'
import { edgeFunctionsRuntime } from '../apps/platform/src/services/functions/runtime/edge-runtime'
import { deployFunctionFiles } from '../apps/platform/src/services/functions/testing'
import { startRestTestProject } from '../apps/platform/src/services/rest/testing'
import { BenchRecord, numberArg } from './record'
import { percentile } from './stats'

const COLD_STARTS = numberArg(0, 10, 1)
const WARM_REQUESTS = numberArg(1, 500, 5)
const TARGET_COLD_P50_MS = 300
const TARGET_WARM_P50_MS = 5
const FUNCTION = `
Deno.serve(async (request) => {
  const body = request.method === 'POST' ? await request.json() : {}
  return Response.json({ hello: body.name ?? 'world' })
})
`

const p = await startRestTestProject()
const record = new BenchRecord('edge-functions')
try {
  const token = (await p.api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'bench' })).body.token
  const url = `${p.projectUrl}/functions/v1/bench`
  const call = async () => {
    const started = performance.now()
    const answer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.anonKey}`, 'content-type': 'application/json' },
      body: '{"name":"bench"}',
    })
    await answer.text()
    if (answer.status !== 200) throw new Error(`the function answered ${answer.status}`)
    return performance.now() - started
  }

  // every deploy makes a new version, so the next call starts a new worker
  const cold: number[] = []
  for (let i = 0; i < COLD_STARTS; i++) {
    const deployed = await deployFunctionFiles({
      baseUrl: p.t.baseUrl,
      token,
      ref: p.ref,
      slug: 'bench',
      files: { 'index.ts': `${FUNCTION}// ${i}\n` },
    })
    if (deployed.status !== 201) throw new Error(`deploy failed: ${JSON.stringify(deployed.body)}`)
    cold.push(await call())
  }

  for (let i = 0; i < 20; i++) await call()
  const warm: number[] = []
  for (let i = 0; i < WARM_REQUESTS; i++) warm.push(await call())

  const [worker] = edgeFunctionsRuntime(p.t.platform.ctx).pool.running()
  const pid = worker?.pid
  const rssKb = pid
    ? Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''))?.[1] ?? Number.NaN)
    : Number.NaN

  const fmt = (values: number[]) =>
    `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`
  console.log(`cold start (deploy, then first call), ${COLD_STARTS} runs: ${fmt(cold)}`)
  console.log(
    `  target p50 ≤ ${TARGET_COLD_P50_MS} ms → ${percentile(cold, 50) <= TARGET_COLD_P50_MS ? 'met' : 'NOT met'}`,
  )
  console.log(`warm POST with a JSON body, ${WARM_REQUESTS} sequential calls: ${fmt(warm)}`)
  console.log(
    `  target p50 ≤ ${TARGET_WARM_P50_MS} ms → ${percentile(warm, 50) <= TARGET_WARM_P50_MS ? 'met' : 'NOT met'}`,
  )
  console.log(
    `worker memory (RSS) after the warm run: ${Number.isNaN(rssKb) ? 'unknown' : `${(rssKb / 1024).toFixed(1)} MB`}`,
  )
  record.figure('cold start, p50', percentile(cold, 50), { unit: 'ms', better: 'lower' })
  record.figure('warm call, p50', percentile(warm, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('worker memory (RSS)', rssKb / 1024, { unit: 'MB', better: 'lower', digits: 1 })
  record.save()
} finally {
  await p.destroy()
}

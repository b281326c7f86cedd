// A preview branch from a git branch with 20 migrations and a seed: from POST /v1/projects/{ref}/branches until the
// branch's project is ACTIVE_HEALTHY with MIGRATIONS_PASSED, measured through the public API on a real platform.
// Prints p50/p95/max and the machine's load (the timings depend on it).
// Run: [PAUSE_MS=3000] [PGFLEET_SPARE_DATA_DIRS=1] npx tsx bench/branching.bench.ts [count] [--short]
import type { Branch, GitConnection, Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { TestRepository } from '../apps/platform/src/control/branching/testing'
import { ApiClient, setPlan, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg, SHORT } from './record'
import { machineLoad, percentile, summary } from './stats'

const count = numberArg(0, 5, 1)
const MIGRATIONS = SHORT ? 2 : 20
const TARGET_MS = 5000
/** Pause between two branches (PAUSE_MS=0 for back-to-back creations, where spare data directories run out). */
const PAUSE_MS = SHORT ? 0 : Number(process.env.PAUSE_MS ?? 3000)

const repo = new TestRepository()
repo.commit('main', { 'README.md': 'bench' })
const files: Record<string, string> = {
  'supabase/seed.sql': "insert into public.t01 (note) select 'row ' || g from generate_series(1, 100) g;",
}
for (let i = 1; i <= MIGRATIONS; i++) {
  const n = String(i).padStart(2, '0')
  files[`supabase/migrations/2024010100${n}00_t${n}.sql`] =
    `create table public.t${n} (id bigint generated always as identity primary key, note text, at timestamptz default now());\n` +
    `create index t${n}_at on public.t${n} (at);`
}
repo.commit('feature', files)

const platform = await startTestPlatform({
  PGFLEET_FREE_PROJECT_LIMIT: '1000',
  PGFLEET_GIT_ALLOW_FILE_URLS: 'true',
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
  ...(process.env.PGFLEET_SPARE_DATA_DIRS ? { PGFLEET_SPARE_DATA_DIRS: process.env.PGFLEET_SPARE_DATA_DIRS } : {}),
})
const record = new BenchRecord('branching')
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'bench@example.com', password: 'bench-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  // plans are the operator's: an instance administrator sets this one
  if ((await setPlan(platform, slug ?? '', 'pro')) !== 200) throw new Error('could not set the pro plan')
  const parent = await api.post<Project>('/v1/projects', {
    name: 'bench-parent',
    organization_slug: slug,
    db_pass: 'bench-db-password',
  })
  const ref = parent.body.ref
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body.status,
    (s) => s === 'ACTIVE_HEALTHY',
    90_000,
  )
  const connection = await api.post<GitConnection>(`/platform/projects/${ref}/git-connections`, {
    repository_url: repo.url,
  })
  await api.put(`/platform/projects/${ref}/branching`, { connection_id: connection.body.id, production_branch: 'main' })

  const loadBefore = machineLoad()
  const timings: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const created = await api.post<Branch>(`/v1/projects/${ref}/branches`, {
      branch_name: `bench-${i}`,
      git_branch: 'feature',
    })
    if (created.status !== 201) throw new Error(`branch create failed: ${JSON.stringify(created.body)}`)
    for (;;) {
      const { body } = await api.get<Branch>(`/v1/projects/${ref}/branches/${created.body.id}`)
      if (body.status === 'MIGRATIONS_FAILED') throw new Error(`migrations failed: ${body.error}`)
      if (body.status === 'MIGRATIONS_PASSED' && body.project_status === 'ACTIVE_HEALTHY') break
      await new Promise((r) => setTimeout(r, 25))
    }
    const elapsed = performance.now() - started
    timings.push(elapsed)
    console.log(`  bench-${i}: ${Math.round(elapsed)} ms`)
    // a user does not create branches back to back: leave the platform a moment, as between two clicks
    await new Promise((r) => setTimeout(r, PAUSE_MS))
  }
  const p50 = percentile(timings, 50)
  console.log(
    `preview branch with ${MIGRATIONS} migrations and a seed, POST → ACTIVE_HEALTHY with MIGRATIONS_PASSED: ${summary(timings)}`,
  )
  console.log(`  load before: ${loadBefore}`)
  console.log(`  load after:  ${machineLoad()}`)
  record.figure('POST → ACTIVE_HEALTHY with MIGRATIONS_PASSED, p50', p50 / 1000, { unit: 's', better: 'lower' })
  console.log(`  target: p50 ≤ ${TARGET_MS} ms → ${p50 <= TARGET_MS ? 'met' : 'NOT met'}`)
  record.save()
} finally {
  await platform.destroy()
  repo.remove()
}

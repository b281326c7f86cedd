// Project creation → ACTIVE_HEALTHY, measured through the public API on a real platform, with the platform's default
// spare data directories (a creation takes a ready one instead of running initdb). Two figures: creations a few
// seconds apart, as people create projects (a spare is ready each time: the usual case), and creations back to back
// (the spares run out, so each waits for the next initdb).
// Run: npx tsx bench/project-create.bench.ts [count] [--short]
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { ApiClient, startTestPlatform } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const count = numberArg(0, 9, 1)
/** The platform's default (the test harness keeps one spare, which back-to-back creations use up at once). */
const SPARES_PER_MAJOR = '2'
/** Time for a spare's initdb between two spaced creations (about 1.5 s on an idle core; more on a busy machine). */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 4000)

const platform = await startTestPlatform({
  PGFLEET_FREE_PROJECT_LIMIT: '1000',
  PGFLEET_SPARE_DATA_DIRS: SPARES_PER_MAJOR,
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
})
const record = new BenchRecord('project-create')
const pause = () => new Promise((resolve) => setTimeout(resolve, SHORT ? 0 : PAUSE_MS))
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'bench@example.com', password: 'bench-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  let created = 0
  const createOne = async (): Promise<number> => {
    const started = performance.now()
    const project = await api.post<Project>('/v1/projects', {
      name: `bench-${created++}`,
      organization_slug: slug,
      db_pass: 'bench-db-password',
    })
    if (project.status !== 201) throw new Error(`create failed: ${JSON.stringify(project.body)}`)
    for (;;) {
      const { body } = await api.get<ProjectStatusResponse>(`/platform/projects/${project.body.ref}/status`)
      if (body.status === 'ACTIVE_HEALTHY') break
      if (body.status === 'UNKNOWN') throw new Error(`creation failed: ${body.error}`)
      await new Promise((r) => setTimeout(r, 25))
    }
    return performance.now() - started
  }

  // the platform makes its spares as it starts
  await pause()
  const spaced: number[] = []
  for (let i = 0; i < count; i++) {
    spaced.push(await createOne())
    await pause()
  }
  const backToBack: number[] = []
  for (let i = 0; i < count; i++) backToBack.push(await createOne())

  const line = (timings: number[]) =>
    `median ${percentile(timings, 50).toFixed(0)}  p90 ${percentile(timings, 90).toFixed(0)}  min ${Math.min(...timings).toFixed(0)}  max ${Math.max(...timings).toFixed(0)}`
  console.log(`project creation → ACTIVE_HEALTHY, ${count} projects each way (ms):`)
  console.log(`  ${(PAUSE_MS / 1000).toFixed(0)} s apart: ${line(spaced)}`)
  console.log(`  back to back: ${line(backToBack)}`)
  record.figure('creation with a spare ready, median', percentile(spaced, 50) / 1000, { unit: 's', better: 'lower' })
  record.figure('creation back to back, median', percentile(backToBack, 50) / 1000, { unit: 's', better: 'lower' })
  console.log(`  target: median < 3000 ms → ${percentile(spaced, 50) < 3000 ? 'met' : 'NOT met'}`)
  record.save()
} finally {
  await platform.destroy()
}

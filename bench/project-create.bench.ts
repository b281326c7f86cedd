// Project creation → ACTIVE_HEALTHY, measured through the public API on a real platform.
// Run: npx tsx bench/project-create.bench.ts [count]
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { ApiClient, startTestPlatform } from '../apps/platform/src/testing/harness'
import { percentile } from './stats'

const count = Number(process.argv[2] ?? 9)
const platform = await startTestPlatform({ PGFLEET_FREE_PROJECT_LIMIT: '1000' })
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'bench@example.com', password: 'bench-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const timings: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const created = await api.post<Project>('/v1/projects', {
      name: `bench-${i}`,
      organization_slug: slug,
      db_pass: 'bench-db-password',
    })
    if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`)
    for (;;) {
      const { body } = await api.get<ProjectStatusResponse>(`/platform/projects/${created.body.ref}/status`)
      if (body.status === 'ACTIVE_HEALTHY') break
      if (body.status === 'UNKNOWN') throw new Error(`creation failed: ${body.error}`)
      await new Promise((r) => setTimeout(r, 25))
    }
    timings.push(performance.now() - started)
  }
  console.log(`project creation → ACTIVE_HEALTHY over ${count} projects (ms):`)
  console.log(
    `  median ${percentile(timings, 50).toFixed(0)}  p90 ${percentile(timings, 90).toFixed(0)}  min ${Math.min(...timings).toFixed(0)}  max ${Math.max(...timings).toFixed(0)}`,
  )
  console.log(`  target: median < 3000 ms → ${percentile(timings, 50) < 3000 ? 'met' : 'NOT met'}`)
} finally {
  await platform.destroy()
}

// Where the renderer's main thread spends its time between the table editor's navigation and its first rows
// painted, on the 1,000,000-row table, from Chromium's performance trace. Time by category (script
// parse/compile, evaluation, style, layout, paint…) is thread (CPU) time, which other processes' load on the
// machine does not inflate; the wall clock is shown beside it. Also: the scripts asked for before the paint,
// with their sizes, and when the milestones on the way happened.
// Run after `npm run build`: npx tsx bench/table-editor-trace.bench.ts [runs] [--save <dir>] [--studio <dir>]
//   [--profile] [--short]
// --save writes each run's raw trace (open it in Chromium's Performance panel); --studio serves another build
// of the dashboard (to compare two builds); --profile adds JavaScript CPU samples by script file (the sampler
// itself costs time, so its runs' totals read higher).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BenchRecord, SHORT } from './record'
import { machineLoad, percentile } from './stats'
import { FIRST_ROWS_PAINTED, launchChromium, signedInContext, startBigTableProject } from './table-editor-setup'
import {
  analyseFirstRowsTrace,
  CATEGORY_ORDER,
  CPU_PROFILE_CATEGORY,
  type FirstRowsTrace,
  type SampledJavaScript,
  sampledJavaScript,
  TRACE_CATEGORIES,
} from './trace-analysis'

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const saveDir = option('--save')
const studioDir = option('--studio')
const profile = args.includes('--profile')
const RUNS = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? (SHORT ? 1 : 5))

type BenchWindow = { __firstRowsPainted: () => Promise<number> }

const studioDist = path.resolve(studioDir ?? path.join(import.meta.dirname, '../apps/studio/dist'))
const project = await startBigTableProject(studioDir ? studioDist : undefined)
const browser = await launchChromium()
try {
  const context = await signedInContext(
    browser,
    project.platform.baseUrl,
    `window.__firstRowsPainted = ${FIRST_ROWS_PAINTED}`,
  )
  const page = context.pages()[0] ?? (await context.newPage())
  const url = `/project/${project.ref}/editor/${project.tableId}`
  if (saveDir) mkdirSync(saveDir, { recursive: true })
  const categories = profile ? [...TRACE_CATEGORIES, CPU_PROFILE_CATEGORY] : TRACE_CATEGORIES

  const traces: FirstRowsTrace[] = []
  const samples: SampledJavaScript[] = []
  console.log(`load before: ${machineLoad()}`)
  // the first visit loads the page's code into the cache; the others are a returning visit, as in the bench
  for (let run = 0; run <= RUNS; run++) {
    await browser.startTracing(page, { categories })
    await page.goto(url)
    const painted = await page.evaluate(() => (globalThis as unknown as BenchWindow).__firstRowsPainted())
    // the mark reaches the trace with the frame that follows it
    await page.waitForTimeout(200)
    const raw = await browser.stopTracing()
    if (saveDir) writeFileSync(path.join(saveDir, `run-${run}.json`), raw)
    const events: unknown = JSON.parse(raw.toString('utf8'))
    if (run === 0) {
      console.log(`warm-up run: first rows ${painted.toFixed(0)} ms`)
      continue
    }
    traces.push(analyseFirstRowsTrace(events, painted))
    if (profile) samples.push(sampledJavaScript(events, painted))
  }
  console.log(`load after:  ${machineLoad()}`)

  const p50 = (pick: (t: FirstRowsTrace) => number) => percentile(traces.map(pick), 50)
  const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`
  console.log(`Table editor, navigation → first rows painted (${RUNS} returning visits, p50 of each figure)`)
  console.log(`  wall clock:                      ${ms(p50((t) => t.windowMs))}`)
  const record = new BenchRecord('table-editor-trace')
  record.figure(
    'navigation → first rows painted, wall clock',
    p50((t) => t.windowMs),
    { unit: 'ms', better: 'lower' },
  )
  record.figure(
    'main thread in tasks, thread time',
    p50((t) => t.busyThreadMs),
    { unit: 'ms', better: 'lower' },
  )
  record.save()
  console.log(
    `  main thread in tasks:            ${ms(p50((t) => t.busyThreadMs))} thread time (${ms(p50((t) => t.busyWallMs))} wall clock)`,
  )
  for (const category of CATEGORY_ORDER) {
    const thread = p50((t) => t.threadMs[category] ?? 0)
    const wall = p50((t) => t.wallMs[category] ?? 0)
    console.log(`    ${category.padEnd(30)} ${ms(thread)}   (${ms(wall)} wall)`)
  }
  console.log('  milestones, ms after navigation start (p50):')
  const milestoneNames = [...new Set(traces.flatMap((t) => Object.keys(t.milestones)))]
  for (const name of milestoneNames) {
    const at = traces.map((t) => t.milestones[name]).filter((v): v is number => v !== undefined)
    console.log(`    ${name.padEnd(46)} ${ms(percentile(at, 50))}`)
  }

  // the scripts asked for before the first rows were painted, in the last run (every run asks for the same)
  const scripts = traces.at(-1)?.scriptsBeforePaint ?? []
  const sizes = scripts.map((pathname) => ({ pathname, size: readFileSync(path.join(studioDist, pathname)).length }))
  sizes.sort((a, b) => b.size - a.size)
  const total = sizes.reduce((sum, { size }) => sum + size, 0)
  console.log(`  scripts asked for before the paint: ${sizes.length} files, ${(total / 1024).toFixed(1)} KB`)
  for (const { pathname, size } of sizes.slice(0, 10)) {
    console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KB  ${pathname}`)
  }

  if (profile) {
    console.log('  JavaScript samples by script file (self time, p50):')
    const files = [...new Set(samples.flatMap((s) => Object.keys(s.byFile)))]
    const rows = files
      .map((file) => ({
        file,
        value: percentile(
          samples.map((s) => s.byFile[file] ?? 0),
          50,
        ),
      }))
      .sort((a, b) => b.value - a.value)
    for (const { file, value } of rows.slice(0, 15)) console.log(`    ${ms(value)}  ${file}`)
  }
} finally {
  await browser.close()
  await project.platform.destroy()
}

// Resource sampling: the CPU one sampling round costs the platform with 50 projects, against the target of under
// 1% of one core at the default interval (60 s).
// Run: npx tsx bench/resource-sampling.bench.ts [projects] [rounds] [--short]
//
// Simulated, not 50 clusters (50 postmasters with their backends would take the shared machine's memory): one real
// data directory made by initdb is hard-linked 50 times (the same files and directories to walk as 50 fresh
// projects), and each project's postmaster.pid names a stand-in postmaster (a shell whose argv[0] is `postgres`)
// with 6 children, as a postmaster has its background workers. The platform's work per round is the same: one pass
// over /proc, each project's data directory walked, and stat, smaps_rollup and io read for every process.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  computeSettings,
  DISK_WALK_POLICY,
  discoverEngines,
  engineForMajor,
  initCluster,
  ProjectResourceReader,
  projectResourceReadings,
  resolveRunAs,
} from '@pgfleet/engine'
import { BenchRecord, numberArg } from './record'

const PROJECTS = numberArg(0, 50, 2)
const ROUNDS = numberArg(1, 20, 1)
const INTERVAL_S = 60
const TARGET_PERCENT_OF_CORE = 1
const BACKENDS = 6

const root = await mkdtemp(path.join(tmpdir(), 'sampling-bench-'))
// initdb runs as the unprivileged user when this runs as root: it must be able to reach the directory
await chmod(root, 0o755)
const fakes: ChildProcess[] = []
try {
  const template = path.join(root, 'template', 'pgdata')
  const engine = engineForMajor(await discoverEngines(), 17)
  await initCluster({
    dataDir: template,
    socketDir: path.join(root, 'template', 'run'),
    port: null,
    listenAddress: '127.0.0.1',
    engine,
    runAs: await resolveRunAs(),
    logFile: path.join(root, 'template', 'postgres.log'),
    settings: computeSettings('nano'),
  })

  const dirs = new Map<string, { dataDir: string; walArchiveDir: string }>()
  for (let i = 0; i < PROJECTS; i++) {
    const ref = `bench${String(i).padStart(3, '0')}`
    const dataDir = path.join(root, ref, 'pgdata')
    execFileSync('mkdir', ['-p', path.join(root, ref)])
    execFileSync('cp', ['-al', template, dataDir])
    const script = Array.from({ length: BACKENDS }, () => 'sleep 3600 &').join(' ') + ' wait'
    // its own process group, so the stand-in and its children are stopped together
    const fake = spawn('sh', ['-c', script], { argv0: 'postgres', stdio: 'ignore', detached: true })
    fakes.push(fake)
    await writeFile(path.join(dataDir, 'postmaster.pid'), `${fake.pid}\n${dataDir}\n0\n5432\n\n\n\nready\n`)
    dirs.set(ref, { dataDir, walArchiveDir: path.join(root, ref, 'wal-archive') })
  }
  const refs = [...dirs.keys()]
  const dirsOf = (ref: string) => dirs.get(ref) as { dataDir: string; walArchiveDir: string }
  await new Promise((resolve) => setTimeout(resolve, 300))

  const check = await projectResourceReadings(refs, dirsOf)
  const first = check[refs[0] as string]
  if (!first?.processes || first.processes.processCount !== BACKENDS + 1)
    throw new Error(`the stand-in postmaster was not read: ${JSON.stringify(first)}`)

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
  const measure = async (round: () => Promise<unknown>) => {
    const cpuMs: number[] = []
    const wallMs: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const cpu = process.cpuUsage()
      const started = performance.now()
      await round()
      wallMs.push(performance.now() - started)
      const used = process.cpuUsage(cpu)
      cpuMs.push((used.user + used.system) / 1000)
    }
    return { cpu: median(cpuMs), wall: median(wallMs) }
  }
  // every data directory walked: what a round costs when each project is measured
  const walked = await measure(() => projectResourceReadings(refs, dirsOf))
  // the platform's rounds: a walk only every DISK_WALK_POLICY.maxAgeMs (or after 8 MB written), estimates between
  const reader = new ProjectResourceReader(dirsOf)
  await reader.read(refs)
  const estimated = await measure(() => reader.read(refs))
  const walksPerRound = INTERVAL_S / (DISK_WALK_POLICY.maxAgeMs / 1000)
  const amortised = estimated.cpu + walksPerRound * (walked.cpu - estimated.cpu)
  const percent = (ms: number) => (ms / (INTERVAL_S * 1000)) * 100
  console.log(
    `${PROJECTS} projects (simulated: hard-linked initdb data directories of ${first.disk.totalBytes} bytes, ` +
      `stand-in postmasters with ${BACKENDS} children each), ${ROUNDS} rounds of each kind`,
  )
  console.log(
    `round with every directory walked: CPU ${walked.cpu.toFixed(1)} ms, wall ${walked.wall.toFixed(1)} ms ` +
      `(${percent(walked.cpu).toFixed(3)}% of one core if every round walked)`,
  )
  console.log(
    `round between walks (disk estimated from written bytes): CPU ${estimated.cpu.toFixed(1)} ms, ` +
      `wall ${estimated.wall.toFixed(1)} ms`,
  )
  console.log(
    `at one round every ${INTERVAL_S} s with a walk every ${DISK_WALK_POLICY.maxAgeMs / 1000} s: ` +
      `${percent(amortised).toFixed(3)}% of one core (target < ${TARGET_PERCENT_OF_CORE}%) ` +
      `${percent(amortised) < TARGET_PERCENT_OF_CORE ? 'OK' : 'OVER'}`,
  )
  console.log(
    'not included: the control-plane INSERT of each sample (one row per project per round) and the storage walk',
  )
  const record = new BenchRecord('resource-sampling')
  record.figure('share of one core at the default interval', percent(amortised), {
    unit: '%',
    better: 'lower',
    digits: 3,
  })
  record.figure('round with every directory walked, CPU', walked.cpu, { unit: 'ms', better: 'lower', digits: 1 })
  record.save()
} finally {
  for (const fake of fakes) {
    if (fake.pid) {
      try {
        process.kill(-fake.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }
  await rm(root, { recursive: true, force: true })
}

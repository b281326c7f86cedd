import { DISK_CEILING_PERCENT, READ_ONLY_DISK_PERCENT } from '@pgfleet/contracts'
import { directoryUsage, type ProjectResourceReading } from '@pgfleet/engine'
import type { AppContext } from '../../context'
import { projectStorageDir } from '../../system/data-dir-layout'
import { computeBudget, ratePerSecond } from './budgets'
import { ReadOnlyModes } from './read-only-modes'
import type { DrainedUsage } from './usage-counters'

/** Samples are kept this long. */
export const SAMPLE_RETENTION_MS = 7 * 24 * 3600_000

interface SampledProject {
  id: number
  ref: string
  organization_id: number
  compute_size: string
  disk_size_bytes: string | null
  readonly_mode_enabled: boolean
}

export interface SampleOutcome {
  ref: string
  diskUsedBytes: number
  diskSizeBytes: number
  readOnly: boolean
}

/**
 * Takes a sample of running projects (all of them, or the given refs), stores it, and turns read-only mode on or
 * off where the disk use crossed READ_ONLY_DISK_PERCENT. The previous readings stay in memory for the rates.
 */
export class ResourceSampler {
  /** the read-only state as this process applies it, for services that must not wait for the row */
  readonly modes = new ReadOnlyModes()
  private readonly previous = new Map<string, ProjectResourceReading>()
  /** Projects whose read-only state was applied to the server since this process started. */
  private readonly applied = new Set<string>()
  /** Projects whose disk ceiling state was applied since this process started, and whether they are past it. */
  private readonly ceiling = new Map<string, boolean>()
  private running: Promise<SampleOutcome[]> = Promise.resolve([])

  constructor(private readonly ctx: AppContext) {}

  /** One round at a time: a round asked for while another runs waits for it. */
  sample(refs?: string[]): Promise<SampleOutcome[]> {
    const next = this.running.catch(() => []).then(() => this.round(refs))
    this.running = next
    return next
  }

  private async round(refs?: string[]): Promise<SampleOutcome[]> {
    const { ctx } = this
    let query = ctx.db
      .selectFrom('projects')
      .select(['id', 'ref', 'organization_id', 'compute_size', 'disk_size_bytes', 'readonly_mode_enabled'])
      .where('status', '=', 'ACTIVE_HEALTHY')
    if (refs) {
      if (refs.length === 0) return []
      query = query.where('ref', 'in', refs)
    }
    const projects = await query.execute()
    // drained even with no project running, so counts never pile up
    const usage = ctx.usage.drain(refs)
    try {
      return await this.measure(projects, usage, refs)
    } finally {
      ctx.usage.stored(usage)
    }
  }

  private async measure(projects: SampledProject[], usage: DrainedUsage, refs?: string[]): Promise<SampleOutcome[]> {
    const { ctx } = this
    if (projects.length === 0) return []
    // WAL that a cleanup in read-only mode wrote would otherwise stay until the next timed checkpoint
    await Promise.all(projects.filter((p) => p.readonly_mode_enabled).map((p) => ctx.driver.checkpointProject(p.ref)))
    // asked-for projects (a disk size change) are measured; the rest may be estimated from above between walks
    const readings = await ctx.driver.projectResourceReadings(
      projects.map((project) => project.ref),
      { exactDisk: refs !== undefined },
    )
    // an estimate never decides a warning or read-only mode: near a level, or read-only, measure now
    const recheck = projects.filter((project) => {
      const disk = readings[project.ref]?.disk
      if (!disk?.estimated) return false
      const percent = (disk.totalBytes / this.diskSize(project)) * 100
      return project.readonly_mode_enabled || percent >= ctx.config.resources.warningPercent
    })
    if (recheck.length > 0) {
      Object.assign(
        readings,
        await ctx.driver.projectResourceReadings(
          recheck.map((project) => project.ref),
          { exactDisk: true },
        ),
      )
    }
    await this.checkpointBeforeReadOnly(projects, readings)
    const authHits = await this.authHitsByOrganization(usage)
    const outcomes: SampleOutcome[] = []
    for (const project of projects) {
      const reading = readings[project.ref]
      if (!reading) continue
      const hits = (authHits.get(project.organization_id) ?? 0) + (usage.projectAuthRateLimited.get(project.ref) ?? 0)
      const outcome = await this.record(project, reading, usage, hits).catch((error: unknown) => {
        ctx.log.child({ component: 'resources' }).error('could not sample the project', { ref: project.ref, error })
        return null
      })
      if (outcome) outcomes.push(outcome)
    }
    await ctx.db
      .deleteFrom('resource_samples')
      .where('sampled_at', '<', new Date(Date.now() - SAMPLE_RETENTION_MS))
      .execute()
    return outcomes
  }

  /**
   * A busy project's disk holds WAL that the next checkpoint frees. Projects about to turn read-only are
   * checkpointed and measured again first, so a project does not refuse writes for room it is about to get back,
   * and then flip back to writable at the next round.
   */
  private async checkpointBeforeReadOnly(
    projects: SampledProject[],
    readings: Record<string, ProjectResourceReading>,
  ): Promise<void> {
    const { ctx } = this
    const nearlyFull = projects.filter((project) => {
      const disk = readings[project.ref]?.disk
      if (!disk || project.readonly_mode_enabled) return false
      return (disk.totalBytes / this.diskSize(project)) * 100 >= READ_ONLY_DISK_PERCENT
    })
    if (nearlyFull.length === 0) return
    const refs = nearlyFull.map((project) => project.ref)
    await Promise.all(refs.map((ref) => ctx.driver.checkpointProject(ref)))
    Object.assign(readings, await ctx.driver.projectResourceReadings(refs, { exactDisk: true }))
  }

  private async record(
    project: SampledProject,
    reading: ProjectResourceReading,
    usage: DrainedUsage,
    authRateLimitHits: number,
  ): Promise<SampleOutcome> {
    const { ctx } = this
    const diskSizeBytes = this.diskSize(project)
    const before = this.previous.get(project.ref)
    this.previous.set(project.ref, reading)
    const elapsedMs = before ? reading.readAt - before.readAt : 0
    const processes = reading.processes
    const io = processes ? processes.ioReadBytes + processes.ioWriteBytes : null
    const ioBefore = before?.processes ? before.processes.ioReadBytes + before.processes.ioWriteBytes : null
    const cpuRate = ratePerSecond(processes?.cpuSeconds ?? null, before?.processes?.cpuSeconds ?? null, elapsedMs)
    const storage = await directoryUsage(projectStorageDir(ctx.config.dataDir, project.ref))
    const dataApi = usage.dataApi.get(project.ref)
    await ctx.db
      .insertInto('resource_samples')
      .values({
        project_id: project.id,
        disk_size_bytes: diskSizeBytes,
        disk_used_bytes: reading.disk.totalBytes,
        database_bytes: reading.disk.databaseBytes,
        wal_bytes: reading.disk.walBytes,
        temp_bytes: reading.disk.tempBytes,
        wal_archive_bytes: reading.disk.walArchiveBytes,
        storage_bytes: storage.bytes,
        cpu_seconds: processes?.cpuSeconds ?? null,
        io_bytes: io,
        memory_bytes: processes?.memoryBytes ?? null,
        swap_bytes: processes?.swapBytes ?? null,
        cpu_percent: cpuRate === null ? null : (cpuRate / computeBudget(project.compute_size).cpuCores) * 100,
        disk_io_bytes_per_second: ratePerSecond(io, ioBefore, elapsedMs),
        function_invocations: usage.functionInvocations.get(project.ref) ?? 0,
        data_api_requests: dataApi?.requests ?? 0,
        data_api_egress_bytes: dataApi?.egressBytes ?? 0,
        auth_rate_limit_hits: authRateLimitHits,
      })
      .execute()
    ctx.usage.stored(usage, project.ref)
    // the state the round found: a burst that crossed both levels since the last round gets the read-only error first
    const wasReadOnly = project.readonly_mode_enabled
    const readOnly = await this.applyReadOnly(project, reading.disk.totalBytes, diskSizeBytes)
    await this.applyCeiling(project, wasReadOnly && readOnly, reading.disk.totalBytes, diskSizeBytes)
    return { ref: project.ref, diskUsedBytes: reading.disk.totalBytes, diskSizeBytes, readOnly }
  }

  /**
   * Read-only from READ_ONLY_DISK_PERCENT up, lifted below it. The server is changed before the row, and the first
   * round of each process applies the state whatever the row says, so a crash in between is repaired. While the
   * mode lasts it is applied again at every round: that removes the per-database and per-role overrides a tenant
   * made since (`ALTER DATABASE ... SET default_transaction_read_only = off`). `modes` is marked read-only before
   * the server turns read-only and unmarked after the row says it lifted.
   */
  private async applyReadOnly(project: SampledProject, usedBytes: number, sizeBytes: number): Promise<boolean> {
    const wanted = (usedBytes / sizeBytes) * 100 >= READ_ONLY_DISK_PERCENT
    // a round that marked the project read-only and failed before the row followed left the mark: clear it here
    const settled = this.applied.has(project.ref) && this.modes.get(project.ref) === false
    if (!wanted && !project.readonly_mode_enabled && settled) return wanted
    if (wanted) this.modes.set(project.ref, true)
    await this.ctx.driver.setProjectReadOnly(project.ref, wanted)
    this.applied.add(project.ref)
    if (wanted !== project.readonly_mode_enabled) {
      await this.ctx.db
        .updateTable('projects')
        .set({ readonly_mode_enabled: wanted, readonly_mode_changed_at: new Date() })
        .where('id', '=', project.id)
        .execute()
      this.ctx.log
        .child({ component: 'resources' })
        .warn(wanted ? 'disk nearly full: the project is read-only' : 'read-only mode lifted', {
          ref: project.ref,
          usedBytes,
          sizeBytes,
        })
    }
    if (!wanted) this.modes.set(project.ref, false)
    return wanted
  }

  /**
   * Past DISK_CEILING_PERCENT, in a project that was already read-only (so its sessions had the read-only error and
   * wrote on regardless), the project's TCP logins are refused and its TCP sessions ended, at every round while it
   * lasts (a session that slipped in before the reload is ended at the next). The first round of each process
   * applies the state whatever it was, so a restart cannot leave a project locked out.
   */
  private async applyCeiling(
    project: SampledProject,
    readOnly: boolean,
    usedBytes: number,
    sizeBytes: number,
  ): Promise<void> {
    const exceeded = readOnly && (usedBytes / sizeBytes) * 100 >= DISK_CEILING_PERCENT
    if (!exceeded && this.ceiling.get(project.ref) === false) return
    const ended = await this.ctx.driver.setProjectWriteCeiling(project.ref, exceeded)
    const before = this.ceiling.get(project.ref)
    this.ceiling.set(project.ref, exceeded)
    if (exceeded || before === true) {
      this.ctx.log
        .child({ component: 'resources' })
        .warn(exceeded ? 'disk ceiling passed: tenant sessions ended, logins refused' : 'disk ceiling lifted', {
          ref: project.ref,
          usedBytes,
          sizeBytes,
          ended,
        })
    }
  }

  private diskSize(project: SampledProject): number {
    return project.disk_size_bytes === null
      ? this.ctx.config.resources.defaultDiskSizeBytes
      : Number(project.disk_size_bytes)
  }

  /** Sign-in rate-limit hits on members' emails, summed per organization the members belong to. */
  private async authHitsByOrganization(usage: DrainedUsage): Promise<Map<number, number>> {
    const hits = new Map<number, number>()
    const emails = [...usage.signInRateLimited.keys()]
    if (emails.length === 0) return hits
    const rows = await this.ctx.db
      .selectFrom('users')
      .innerJoin('members', 'members.user_id', 'users.id')
      .select(['users.email', 'members.organization_id'])
      .where((eb) => eb(eb.fn('lower', ['users.email']), 'in', emails))
      .execute()
    for (const row of rows) {
      const count = usage.signInRateLimited.get(row.email.toLowerCase()) ?? 0
      hits.set(row.organization_id, (hits.get(row.organization_id) ?? 0) + count)
    }
    return hits
  }
}

/**
 * Samples every `intervalMs` until stopped; a failed round is logged and the next one tries again. A tick that comes
 * while the last round still runs is skipped: rounds wait for each other, so queuing one per tick would pile them
 * up without end whenever a round outlasts the interval (a loaded machine, a project in read-only mode that is
 * checkpointed and walked at every round), and a round someone asks for (a disk size change) would wait behind all.
 */
export function startResourceSampler(ctx: AppContext, sampler: ResourceSampler, intervalMs: number) {
  const log = ctx.log.child({ component: 'resources' })
  let round: Promise<unknown> | null = null
  const timer = setInterval(() => {
    if (round) return
    round = sampler
      .sample()
      .catch((error: unknown) => log.error('resource sampling failed', { error }))
      .finally(() => {
        round = null
      })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await round
    },
  }
}

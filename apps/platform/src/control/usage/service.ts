import {
  BYTES_PER_GB,
  type ProjectDisk,
  type ProjectResourceWarning,
  type ProjectUsage,
  type UsageSample,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { computeBudget, levelOf, type Thresholds } from './budgets'
import { SAMPLE_RETENTION_MS } from './sampler'

/** CPU, memory and IO levels are averages over this window, so one busy moment does not raise a banner. */
export const LOAD_WINDOW_MS = 15 * 60_000
const AUTH_WINDOW_MS = 3600_000

const toNumber = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value)

export function diskSizeBytes(ctx: AppContext, row: Pick<ProjectRow, 'disk_size_bytes'>): number {
  return row.disk_size_bytes === null ? ctx.config.resources.defaultDiskSizeBytes : Number(row.disk_size_bytes)
}

interface LatestFigures {
  project_id: number
  disk_used_bytes: string | null
  disk_size_bytes: string | null
  cpu_percent: number | null
  memory_and_swap_bytes: number | null
  disk_io_bytes_per_second: number | null
  auth_rate_limit_hits: number | null
}

/** The latest disk figures and the recent averages of each project, in one statement. */
async function latestFigures(ctx: AppContext, projectIds: number[]): Promise<Map<number, LatestFigures>> {
  if (projectIds.length === 0) return new Map()
  const now = Date.now()
  const result = await sql<LatestFigures>`
    select p.id as project_id, latest.disk_used_bytes, latest.disk_size_bytes, recent.cpu_percent,
      recent.memory_and_swap_bytes, recent.disk_io_bytes_per_second, auth.hits as auth_rate_limit_hits
    from unnest(${projectIds}::int[]) as p(id)
    left join lateral (
      select disk_used_bytes, disk_size_bytes from resource_samples s
      where s.project_id = p.id order by sampled_at desc limit 1
    ) latest on true
    left join lateral (
      select avg(cpu_percent) as cpu_percent, avg(memory_bytes + coalesce(swap_bytes, 0)) as memory_and_swap_bytes,
        avg(disk_io_bytes_per_second) as disk_io_bytes_per_second
      from resource_samples s where s.project_id = p.id and s.sampled_at > ${new Date(now - LOAD_WINDOW_MS)}
    ) recent on true
    left join lateral (
      select sum(auth_rate_limit_hits)::int as hits from resource_samples s
      where s.project_id = p.id and s.sampled_at > ${new Date(now - AUTH_WINDOW_MS)}
    ) auth on true`.execute(ctx.db)
  return new Map(result.rows.map((row) => [row.project_id, row]))
}

/** The warnings of the given projects, from their latest samples. */
export async function resourceWarnings(
  ctx: AppContext,
  rows: Pick<ProjectRow, 'id' | 'ref' | 'compute_size' | 'readonly_mode_enabled'>[],
): Promise<ProjectResourceWarning[]> {
  const figures = await latestFigures(
    ctx,
    rows.map((row) => row.id),
  )
  const thresholds: Thresholds = ctx.config.resources
  return rows.map((row) => {
    const f = figures.get(row.id)
    const budget = computeBudget(row.compute_size)
    return {
      project: row.ref,
      is_readonly_mode_enabled: row.readonly_mode_enabled,
      disk_io_exhaustion: levelOf(toNumber(f?.disk_io_bytes_per_second), budget.diskIoBytesPerSecond, thresholds),
      disk_space_exhaustion: levelOf(toNumber(f?.disk_used_bytes), toNumber(f?.disk_size_bytes) ?? 0, thresholds),
      cpu_exhaustion: levelOf(toNumber(f?.cpu_percent), 100, thresholds),
      memory_and_swap_exhaustion: levelOf(toNumber(f?.memory_and_swap_bytes), budget.memoryBytes, thresholds),
      auth_rate_limit_exhaustion: f?.auth_rate_limit_hits
        ? levelOf(f.auth_rate_limit_hits, ctx.config.resources.authRateLimitHitsPerHour, thresholds)
        : null,
    }
  })
}

/** The project's disk size and what its latest sample found. */
export async function projectDisk(ctx: AppContext, row: ProjectRow): Promise<ProjectDisk> {
  const latest = await ctx.db
    .selectFrom('resource_samples')
    .select(['sampled_at', 'disk_used_bytes', 'wal_bytes', 'temp_bytes', 'wal_archive_bytes'])
    .where('project_id', '=', row.id)
    .orderBy('sampled_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const size = diskSizeBytes(ctx, row)
  const used = toNumber(latest?.disk_used_bytes)
  return {
    size_bytes: size,
    size_gb: size / BYTES_PER_GB,
    used_bytes: used,
    wal_bytes: toNumber(latest?.wal_bytes),
    temp_bytes: toNumber(latest?.temp_bytes),
    wal_archive_bytes: toNumber(latest?.wal_archive_bytes),
    used_percent: used === null ? null : (used / size) * 100,
    sampled_at: latest?.sampled_at.toISOString() ?? null,
    is_readonly_mode_enabled: row.readonly_mode_enabled,
  }
}

/** Changes the disk size, then samples the project at once so warnings and read-only mode follow it. */
export async function updateDiskSize(ctx: AppContext, row: ProjectRow, sizeGb: number): Promise<ProjectDisk> {
  await ctx.db
    .updateTable('projects')
    .set({ disk_size_bytes: Math.round(sizeGb * BYTES_PER_GB) })
    .where('id', '=', row.id)
    .execute()
  await ctx.resources.sample([row.ref])
  const fresh = await ctx.db.selectFrom('projects').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
  return projectDisk(ctx, fresh)
}

/** The usage page: the project's samples of the last 7 days, with the totals they add up to. */
export async function projectUsage(ctx: AppContext, row: ProjectRow): Promise<ProjectUsage> {
  const since = new Date(Date.now() - SAMPLE_RETENTION_MS)
  const samples = await ctx.db
    .selectFrom('resource_samples')
    .selectAll()
    .where('project_id', '=', row.id)
    .where('sampled_at', '>=', since)
    .orderBy('sampled_at', 'asc')
    .execute()
  const latest = samples.at(-1)
  const budget = computeBudget(row.compute_size)
  const chart: UsageSample[] = samples.map((sample) => ({
    sampled_at: sample.sampled_at.toISOString(),
    disk_used_bytes: Number(sample.disk_used_bytes),
    database_size_bytes: Number(sample.database_bytes),
    cpu_percent: sample.cpu_percent,
    memory_bytes: toNumber(sample.memory_bytes),
    swap_bytes: toNumber(sample.swap_bytes),
    disk_io_bytes_per_second: sample.disk_io_bytes_per_second,
  }))
  return {
    disk: await projectDisk(ctx, row),
    database_size_bytes: toNumber(latest?.database_bytes),
    storage_size_bytes: Number(latest?.storage_bytes ?? 0),
    function_invocations: samples.reduce((sum, s) => sum + s.function_invocations, 0),
    data_api_requests: samples.reduce((sum, s) => sum + s.data_api_requests, 0),
    data_api_egress_bytes: samples.reduce((sum, s) => sum + Number(s.data_api_egress_bytes), 0),
    budgets: {
      cpu_cores: budget.cpuCores,
      memory_bytes: budget.memoryBytes,
      disk_io_bytes_per_second: budget.diskIoBytesPerSecond,
    },
    period_start: samples[0]?.sampled_at.toISOString() ?? null,
    samples: chart,
  }
}

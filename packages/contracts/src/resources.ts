import { z } from 'zod'
import { DISK_MAX_SIZE_GB } from './resources.constants'

export const ResourceWarningLevel = z.enum(['warning', 'critical'])
export type ResourceWarningLevel = z.infer<typeof ResourceWarningLevel>

/** One project's warnings: a level for each kind it runs short of (null when it does not). */
export const ProjectResourceWarning = z.object({
  /** the project's ref */
  project: z.string(),
  is_readonly_mode_enabled: z.boolean(),
  disk_io_exhaustion: ResourceWarningLevel.nullable(),
  disk_space_exhaustion: ResourceWarningLevel.nullable(),
  cpu_exhaustion: ResourceWarningLevel.nullable(),
  memory_and_swap_exhaustion: ResourceWarningLevel.nullable(),
  auth_rate_limit_exhaustion: ResourceWarningLevel.nullable(),
})
export type ProjectResourceWarning = z.infer<typeof ProjectResourceWarning>
export const ProjectResourceWarnings = z.array(ProjectResourceWarning)

/** `PATCH /platform/projects/{ref}/disk`: in GB, fractions allowed (a tiny disk is how warnings are tried out). */
export const UpdateDiskBody = z.object({
  size_gb: z
    .number({ error: 'size_gb must be a number of GB' })
    .positive('The disk size must be above 0 GB')
    .max(DISK_MAX_SIZE_GB, `Disk can be increased up to ${DISK_MAX_SIZE_GB}GB`),
})
export type UpdateDiskBody = z.infer<typeof UpdateDiskBody>

/** A project's disk: its size and, from the latest sample, what it holds. */
export const ProjectDisk = z.object({
  size_bytes: z.number(),
  size_gb: z.number(),
  /** null until the project was first sampled */
  used_bytes: z.number().nullable(),
  wal_bytes: z.number().nullable(),
  temp_bytes: z.number().nullable(),
  wal_archive_bytes: z.number().nullable(),
  used_percent: z.number().nullable(),
  sampled_at: z.string().nullable(),
  is_readonly_mode_enabled: z.boolean(),
})
export type ProjectDisk = z.infer<typeof ProjectDisk>

/** One sample of the project, as the usage page charts it. Rates are averages since the sample before. */
export const UsageSample = z.object({
  sampled_at: z.string(),
  disk_used_bytes: z.number(),
  database_size_bytes: z.number().nullable(),
  /** share of the compute size's CPU, 0-100 (and above when it borrows idle cores) */
  cpu_percent: z.number().nullable(),
  memory_bytes: z.number().nullable(),
  swap_bytes: z.number().nullable(),
  /** bytes read and written per second */
  disk_io_bytes_per_second: z.number().nullable(),
})
export type UsageSample = z.infer<typeof UsageSample>

/** `GET /platform/projects/{ref}/usage`: the platform's samples of the project, kept for 7 days. */
export const ProjectUsage = z.object({
  disk: ProjectDisk,
  /** pg_database_size of the project's database at the latest sample */
  database_size_bytes: z.number().nullable(),
  /** bytes of the objects in its Storage buckets */
  storage_size_bytes: z.number(),
  /** edge function requests and data API response bytes over the samples' period */
  function_invocations: z.number(),
  data_api_requests: z.number(),
  data_api_egress_bytes: z.number(),
  /** the compute size's budgets that the percentages are measured against */
  budgets: z.object({ cpu_cores: z.number(), memory_bytes: z.number(), disk_io_bytes_per_second: z.number() }),
  /** the oldest sample kept (the period the totals cover starts there) */
  period_start: z.string().nullable(),
  samples: z.array(UsageSample),
})
export type ProjectUsage = z.infer<typeof ProjectUsage>

/**
 * `GET /platform/projects/{ref}/overview`: the figures of the project home. Live ones (database size, client
 * connections) are null while the database is not running; the hour's requests and invocations count the samples
 * of the last hour plus what has been counted since the latest one.
 */
export const ProjectOverview = z.object({
  database_size_bytes: z.number().nullable(),
  active_connections: z.number().nullable(),
  data_api_requests_last_hour: z.number(),
  function_invocations_last_hour: z.number(),
  /** bytes of the objects in its Storage buckets, at the latest sample (null before the first) */
  storage_size_bytes: z.number().nullable(),
  measured_at: z.string(),
})
export type ProjectOverview = z.infer<typeof ProjectOverview>

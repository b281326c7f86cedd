// The plain values of resources.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/** The kinds of resource a project can run short of, in the order banners list them. */
export const RESOURCE_EXHAUSTION_KINDS = [
  'disk_space_exhaustion',
  'disk_io_exhaustion',
  'cpu_exhaustion',
  'memory_and_swap_exhaustion',
  'auth_rate_limit_exhaustion',
] as const

export type ResourceExhaustionKind = (typeof RESOURCE_EXHAUSTION_KINDS)[number]

/** How long the dashboard treats the warnings as fresh. */
export const RESOURCE_WARNINGS_STALE_TIME_MS = 1_800_000

/** Disk sizes are in GB of 1024³ bytes. */
export const BYTES_PER_GB = 1024 ** 3

/** The largest disk a project can have. */
export const DISK_MAX_SIZE_GB = 200

/** Disk use (of the project's disk size) at which the project turns read-only; it can be lifted only below it. */
export const READ_ONLY_DISK_PERCENT = 95

/** The usage page is empty before the first sample. */
export const USAGE_NO_SAMPLES_MESSAGE = 'No samples yet: the platform samples each running project every few minutes.'

/**
 * Disk use (of the disk size) past which the project's own sessions are ended and its logins refused, whatever it
 * set: the hard ceiling behind read-only mode, which a session can lift for itself.
 */
export const DISK_CEILING_PERCENT = 110

/** What a project's services answer to a write while the project is read-only (disk nearly full). */
export const READ_ONLY_MODE_HINT =
  "The project is read-only because its disk is nearly full: grow its disk, or free space with DROP or TRUNCATE in the dashboard's SQL editor"

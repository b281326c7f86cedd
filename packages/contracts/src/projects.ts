import { z } from 'zod'
import { OrganizationSlug } from './common'

export const PROJECT_STATUSES = [
  'ACTIVE_HEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'INACTIVE',
  'GOING_DOWN',
  'PAUSING',
  'PAUSE_FAILED',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'RESTORING',
  'RESTORE_FAILED',
] as const
export const ProjectStatus = z.enum(PROJECT_STATUSES)
export type ProjectStatus = z.infer<typeof ProjectStatus>

/** Availability of the project's REST service, as the dashboard's connecting screen reads it. */
export const PostgrestStatus = z.enum(['ONLINE', 'OFFLINE'])
export type PostgrestStatus = z.infer<typeof PostgrestStatus>

export const COMPUTE_SIZES = ['nano', 'micro', 'small', 'medium', 'large'] as const
export const ComputeSize = z.enum(COMPUTE_SIZES, { error: `Compute size must be one of ${COMPUTE_SIZES.join(', ')}` })
export type ComputeSize = z.infer<typeof ComputeSize>

export const PROJECT_NAME_MAX_LENGTH = 64
/** Product prefix carried by dbVersion, e.g. pgfleet-postgres-17.10 */
export const DB_VERSION_PREFIX = 'pgfleet-postgres-'

export const CreateProjectBody = z.object({
  name: z
    .string({ error: 'Project name is required' })
    .trim()
    .min(1, 'Project name is required')
    .max(PROJECT_NAME_MAX_LENGTH, `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters`),
  organization_slug: OrganizationSlug,
  db_pass: z
    .string({ error: 'Database password is required' })
    .min(8, 'Database password must be at least 8 characters')
    .max(128, 'Database password must be at most 128 characters')
    .regex(
      /^[\x20-\x7e]*$/,
      'Database password may contain only printable ASCII characters (letters, digits, symbols, spaces)',
    ),
  region: z.string().trim().min(1).max(32).optional(),
  postgres_major: z.number().int().min(10).max(99).optional(),
})
export type CreateProjectBody = z.infer<typeof CreateProjectBody>

export const ProjectDatabase = z.object({
  host: z.string(),
  port: z.number().nullable(),
  version: z.string(),
  postgres_engine: z.string(),
})

/**
 * Operations the platform cannot offer for this project at all (where its database runs decides), each with the
 * reason to show instead of the control; null when it is offered.
 */
export const UnavailableOperations = z.object({ backup_download: z.string().nullable() })
export type UnavailableOperations = z.infer<typeof UnavailableOperations>

export const Project = z.object({
  id: z.number(),
  ref: z.string(),
  name: z.string(),
  status: ProjectStatus,
  organization_id: z.number(),
  organization_slug: z.string(),
  region: z.string(),
  cloud_provider: z.string(),
  created_at: z.string(),
  inserted_at: z.string(),
  compute_size: ComputeSize,
  database: ProjectDatabase,
  /** product-prefixed version, e.g. pgfleet-postgres-17.10 */
  dbVersion: z.string(),
  /**
   * postgres connection string with the password left out as [YOUR-PASSWORD]; null while the database has no
   * TCP port (a paused project), since there is then nothing to connect to
   */
  connectionString: z.string().nullable(),
  restUrl: z.string(),
  postgrestStatus: PostgrestStatus,
  unavailable_operations: UnavailableOperations,
})
export type Project = z.infer<typeof Project>

/**
 * A project as the management API (/v1) answers it: `id` is the project's ref, as the hosted management API gives it
 * and the tools built on that API read it; the dashboard's /platform routes keep the numeric id.
 */
export const ManagementProject = Project.extend({ id: z.string() })
export type ManagementProject = z.infer<typeof ManagementProject>

export function toManagementProject(project: Project): ManagementProject {
  return { ...project, id: project.ref }
}

export const ProjectStatusResponse = z.object({ status: ProjectStatus, error: z.string().nullable().optional() })
export type ProjectStatusResponse = z.infer<typeof ProjectStatusResponse>

export const EngineInfo = z.object({
  major: z.number(),
  version: z.string(),
  postgres_engine: z.string(),
  source: z.enum(['embedded', 'system']),
  release_channel: z.string(),
})
export type EngineInfo = z.infer<typeof EngineInfo>

export const FREE_PROJECT_LIMIT_MESSAGE = (limit: number) =>
  `You have reached the free plan limit of ${limit} active projects. Pause or delete a project, or upgrade the organization's plan, to create another.`

/** Deleting a project that has preview branches deletes them too, once the caller confirms it. */
export const DeleteProjectQuery = z.object({ delete_branches: z.enum(['true', 'false']).optional() })
export type DeleteProjectQuery = z.infer<typeof DeleteProjectQuery>

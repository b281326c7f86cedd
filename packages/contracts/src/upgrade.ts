import { z } from 'zod'
import { UPGRADE_STATUSES } from './upgrade.constants'

export const UpgradeStatusName = z.enum(UPGRADE_STATUSES)

/** `GET /v1/projects/{ref}/upgrade/eligibility`. */
export const UpgradeEligibility = z.object({
  eligible: z.boolean(),
  current_app_version: z.string(),
  latest_app_version: z.string(),
  target_upgrade_versions: z.array(
    z.object({
      postgres_version: z.string(),
      release_channel: z.enum(['ga', 'preview']),
      app_version: z.string(),
    }),
  ),
  duration_estimate_hours: z.number(),
  validation_errors: z.array(z.string()),
  warnings: z.array(z.string()),
})
export type UpgradeEligibility = z.infer<typeof UpgradeEligibility>

export const StartUpgradeBody = z.object({
  /** the target major ('17') or a full version whose major is taken ('17.10') */
  target_version: z.union([z.string(), z.number()], { error: 'target_version is required' }).transform(String),
  release_channel: z.enum(['ga', 'preview']).optional(),
})
export type StartUpgradeBody = z.input<typeof StartUpgradeBody>
export const StartUpgradeResponse = z.object({ tracking_id: z.string() })

export const UpgradeStatusQuery = z.object({ tracking_id: z.string().uuid('tracking_id must be a UUID').optional() })

/** `GET /v1/projects/{ref}/upgrade/status`: the tracked (or latest) upgrade. */
export const UpgradeStatus = z.object({
  tracking_id: z.string(),
  initiated_at: z.string(),
  latest_status_at: z.string(),
  target_version: z.number(),
  status: UpgradeStatusName,
  /** the latest progress key reached; null before the first */
  progress: z.string().nullable(),
  /** every key reached, with when */
  steps: z.array(z.object({ key: z.string(), at: z.string() })),
  /** the full backup after the switchover is running */
  full_backup: z.boolean(),
  error: z.string().nullable(),
})
export type UpgradeStatus = z.infer<typeof UpgradeStatus>

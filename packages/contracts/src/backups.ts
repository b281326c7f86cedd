import { z } from 'zod'
import { RowId } from './common'

/** How often a running project may be backed up; one day by default. */
export const BACKUP_INTERVAL_HOURS = [1, 6, 12, 24, 48, 168] as const
export const MAX_BACKUP_RETENTION_DAYS = 90

/** `GET /platform/database/{ref}/backups/schedule`: the schedule, its last run and the disk its backups use. */
export const BackupSchedule = z.object({
  interval_hours: z.number().int(),
  /** what the retention is now: the configured value, or the plan's */
  retention_days: z.number().int(),
  /** null = the plan's retention (free 1 day, paid 7) */
  configured_retention_days: z.number().int().nullable(),
  plan_retention_days: z.number().int(),
  /** null while the project is not running (nothing is scheduled) */
  next_backup_at: z.string().nullable(),
  last_backup_at: z.string().nullable(),
  /** why the last scheduled or manual backup failed; null after a success */
  last_error: z.string().nullable(),
  /** a backup is queued or being taken now */
  in_progress: z.boolean(),
  /** bytes of every archive of the project */
  backups_bytes: z.number(),
  /** the last restore of the newest backup into a throwaway server (weekly, or on demand); null before the first */
  restore_check: z
    .object({
      checked_at: z.string(),
      backup_id: z.number().nullable(),
      /** null while it runs */
      ok: z.boolean().nullable(),
      detail: z.string().nullable(),
    })
    .nullable(),
})
export type BackupSchedule = z.infer<typeof BackupSchedule>

export const UpdateBackupScheduleBody = z.object({
  interval_hours: z
    .number({ error: 'interval_hours is required' })
    .int()
    .refine((hours) => (BACKUP_INTERVAL_HOURS as readonly number[]).includes(hours), {
      message: `interval_hours must be one of ${BACKUP_INTERVAL_HOURS.join(', ')}`,
    }),
  retention_days: z
    .number()
    .int()
    .min(1, 'Backups are kept for at least 1 day')
    .max(MAX_BACKUP_RETENTION_DAYS, `Backups are kept for at most ${MAX_BACKUP_RETENTION_DAYS} days`)
    .nullable(),
})
export type UpdateBackupScheduleBody = z.infer<typeof UpdateBackupScheduleBody>

/** `POST /platform/database/{ref}/backups/restore-physical`: put this backup back in place of the live data. */
export const RestoreBackupBody = z.object({ id: RowId('Backup id is required') })
export type RestoreBackupBody = z.infer<typeof RestoreBackupBody>

/** `GET /v1/projects/{ref}/database/backups`: the management API's shape. */
export const ManagementBackupsResponse = z.object({
  region: z.string(),
  walg_enabled: z.boolean(),
  pitr_enabled: z.boolean(),
  backups: z.array(
    z.object({
      id: z.number(),
      is_physical_backup: z.boolean(),
      status: z.literal('COMPLETED'),
      inserted_at: z.string(),
    }),
  ),
  physical_backup_data: z.object({
    earliest_physical_backup_date_unix: z.number().nullable(),
    latest_physical_backup_date_unix: z.number().nullable(),
  }),
})
export type ManagementBackupsResponse = z.infer<typeof ManagementBackupsResponse>

export const RESTORE_CHECK_ALREADY_RUNNING = 'A restore check of this project is already running'
export const BACKUP_ALREADY_RUNNING = 'A backup of this project is already being taken'
export const BACKUPS_WRITE_DENIED = 'You need additional permissions to manage backups'

/** The point-in-time recovery add-on keeps this many days of WAL. */
export const PITR_RETENTION_DAYS = [7, 14, 28] as const
export const PITR_PERMISSION_DENIED = 'You need additional permissions to amend subscriptions'
export const PITR_NEEDS_PAID_PLAN = 'Point-in-time recovery needs a paid plan'

/** `GET /platform/database/{ref}/backups/pitr`: the add-on and the recoverable window (ISO 8601, UTC). */
export const PitrStatus = z.object({
  enabled: z.boolean(),
  retention_days: z.number().int().nullable(),
  /** null while no base backup has been taken since archiving began */
  earliest_recovery_time: z.string().nullable(),
  latest_recovery_time: z.string().nullable(),
  archived_wal_bytes: z.number(),
})
export type PitrStatus = z.infer<typeof PitrStatus>

/** `PUT /platform/projects/{ref}/addons/pitr`: null turns the add-on off. */
export const UpdatePitrBody = z.object({
  retention_days: z
    .number({ error: 'retention_days is required' })
    .int()
    .refine((days) => (PITR_RETENTION_DAYS as readonly number[]).includes(days), {
      message: `retention_days must be one of ${PITR_RETENTION_DAYS.join(', ')}`,
    })
    .nullable(),
})
export type UpdatePitrBody = z.infer<typeof UpdatePitrBody>

/** `POST /v1/projects/{ref}/database/backups/restore-pitr`: the instant to go back to, in whole seconds. */
export const RestorePitrBody = z.object({
  recovery_time_target_unix: z
    .number({ error: 'recovery_time_target_unix is required' })
    .int('recovery_time_target_unix must be a whole number of seconds')
    .positive('recovery_time_target_unix must be a whole number of seconds'),
})
export type RestorePitrBody = z.infer<typeof RestorePitrBody>

import { z } from 'zod'
import { RowId } from './common'
import { ComputeSize } from './projects'

/** Pause status. */
export const PauseStatus = z.object({
  latest_downloadable_backup_id: z.number().nullable(),
  max_days_till_restore_disabled: z.number(),
  remaining_days_till_restore_disabled: z.number().nullable(),
  can_restore: z.boolean(),
  /** when the project was paused (ISO), null when it is not paused */
  paused_at: z.string().nullable(),
  /** the last day a restore is possible (ISO), null when it is not paused */
  restore_disabled_at: z.string().nullable(),
})
export type PauseStatus = z.infer<typeof PauseStatus>

export const RestoreVersion = z.object({
  version: z.string(),
  postgres_engine: z.string(),
  release_channel: z.string(),
})
export type RestoreVersion = z.infer<typeof RestoreVersion>
export const RestoreVersionsResponse = z.object({ available_versions: z.array(RestoreVersion) })
export type RestoreVersionsResponse = z.infer<typeof RestoreVersionsResponse>

/** Both fields are omitted when version selection is disabled (flag disableProjectVersionSelection). */
export const RestoreProjectBody = z
  .object({
    postgres_engine: z.string().min(1).max(8).optional(),
    release_channel: z.string().min(1).max(32).optional(),
  })
  .refine((b) => (b.postgres_engine === undefined) === (b.release_channel === undefined), {
    message: 'Send both postgres_engine and release_channel, or neither',
  })
export type RestoreProjectBody = z.infer<typeof RestoreProjectBody>

export const ResizeProjectBody = z.object({ compute_size: ComputeSize })
export type ResizeProjectBody = z.infer<typeof ResizeProjectBody>

export const ExitFeedbackBody = z.object({
  project_ref: z.string().max(64).optional(),
  organization_slug: z.string().max(64).optional(),
  message: z.string().max(10000, 'Feedback must be at most 10000 characters').default(''),
  reasons: z.array(z.string().min(1).max(200)).max(20).default([]),
  exitAction: z.literal('delete'),
})
export type ExitFeedbackBody = z.infer<typeof ExitFeedbackBody>

export const Backup = z.object({
  id: z.number(),
  project_id: z.number(),
  inserted_at: z.string(),
  kind: z.string(),
  size_bytes: z.number(),
  postgres_major: z.number(),
  status: z.literal('COMPLETED'),
  isPhysicalBackup: z.boolean(),
})
export type Backup = z.infer<typeof Backup>
export const DownloadableBackupsResponse = z.object({ backups: z.array(Backup) })
export type DownloadableBackupsResponse = z.infer<typeof DownloadableBackupsResponse>

/** The download payload carries more fields; only id identifies the backup. */
export const DownloadBackupBody = z.object({ id: RowId('Backup id is required') }).passthrough()
export const DownloadBackupResponse = z.object({ fileUrl: z.string() })

export const ProjectOperation = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  step: z.string().nullable(),
  progress: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type ProjectOperation = z.infer<typeof ProjectOperation>

export const ComputeSizeInfo = z.object({
  id: ComputeSize,
  shared_buffers: z.string(),
  max_connections: z.number(),
  work_mem: z.string(),
})
export type ComputeSizeInfo = z.infer<typeof ComputeSizeInfo>

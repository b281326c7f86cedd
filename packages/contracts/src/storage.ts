import { z } from 'zod'

/**
 * Project Storage: buckets with their limits, and the
 * storage archive a paused project's objects can be downloaded as.
 */

/** The buckets query retries up to this many times... */
export const STORAGE_BUCKETS_MAX_RETRIES = 3
/** ...except for a missing storage tenant: a message that starts with 'Tenant config' and ends with 'not found'. */
export function isTenantConfigNotFound(message: string): boolean {
  return message.startsWith('Tenant config') && message.endsWith('not found')
}

/** The dashboard polls for the storage archive this often. */
export const STORAGE_ARCHIVE_POLL_INTERVAL_MS = 5000
/** An error containing this text means "no archive yet", not a failure. */
export const STORAGE_ARCHIVE_NOT_FOUND = 'Storage archive not found'
/** Texts of the storage archive download. */
export const STORAGE_ARCHIVE_FAILED = (message: string) => `Failed to create storage archive: ${message}`

export const STORAGE_WRITE_DENIED = 'You need additional permissions to change storage buckets'
export const STORAGE_ARCHIVE_DENIED = 'You need additional permissions to download storage objects'
export const BUCKET_NOT_EMPTY_MESSAGE = 'The bucket you tried to delete is not empty. Empty it first, then delete it.'
export const STORAGE_NOT_RUNNING_MESSAGE = (ref: string, status: string) =>
  `Storage of project ${ref} is unavailable while the project is not running (status ${status})`

/** Bucket ids double as directory names on disk: letters, digits, dot, dash and underscore, not starting with a dot. */
export const BUCKET_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}$/
export const BUCKET_NAME_RULE =
  'Bucket names are 1 to 63 letters, digits, dots, dashes or underscores, and do not start with a dot'
/** `type/subtype`, or `type/*` for a whole family. */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/i
export const MAX_ALLOWED_MIME_TYPES = 100

export const BucketName = z
  .string({ error: 'Bucket name is required' })
  .trim()
  .min(1, 'Bucket name is required')
  .regex(BUCKET_NAME_PATTERN, BUCKET_NAME_RULE)

/** null means every type is allowed; an empty list means none is. */
export const AllowedMimeTypes = z
  .array(z.string().trim().regex(MIME_TYPE_PATTERN, 'MIME types look like image/png or image/*'))
  .max(MAX_ALLOWED_MIME_TYPES, `At most ${MAX_ALLOWED_MIME_TYPES} MIME types`)
  .nullable()

/** null means no limit besides the platform's own maximum upload size. */
export const FileSizeLimit = z
  .number({ error: 'The file size limit must be a number of bytes' })
  .int('The file size limit must be a whole number of bytes')
  .positive('The file size limit must be above 0 bytes')
  .nullable()

export const Bucket = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  public: z.boolean(),
  allowed_mime_types: z.array(z.string()).nullable(),
  file_size_limit: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Bucket = z.infer<typeof Bucket>

export const CreateBucketBody = z.object({
  name: BucketName,
  public: z.boolean().default(false),
  allowed_mime_types: AllowedMimeTypes.default(null),
  file_size_limit: FileSizeLimit.default(null),
})
export type CreateBucketBody = z.input<typeof CreateBucketBody>

export const UpdateBucketBody = z.object({
  public: z.boolean().optional(),
  allowed_mime_types: AllowedMimeTypes.optional(),
  file_size_limit: FileSizeLimit.optional(),
})
export type UpdateBucketBody = z.input<typeof UpdateBucketBody>

export const BucketParams = z.object({ id: BucketName })

/** The storage archive. */
export const StorageArchiveResponse = z.object({ fileUrl: z.string() })
export type StorageArchiveResponse = z.infer<typeof StorageArchiveResponse>

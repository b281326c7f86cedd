import { z } from 'zod'
import { BUCKET_NAME_PATTERN, BUCKET_NAME_RULE, MAX_ALLOWED_MIME_TYPES, MIME_TYPE_PATTERN } from './storage.constants'

/**
 * Project Storage: buckets with their limits, and the
 * storage archive a paused project's objects can be downloaded as.
 */

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

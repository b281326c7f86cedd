import { BUCKET_NAME_RULE, BUCKET_NOT_EMPTY_MESSAGE } from '@pgfleet/contracts'

export const STORAGE_TITLE = 'Storage'
export const STORAGE_DESCRIPTION =
  'Buckets hold your files. Public buckets serve their files to anyone with the URL; private buckets follow your row-level security policies on storage.objects.'
export const BUCKETS_TITLE = 'Buckets'
export const NEW_BUCKET_LABEL = 'New bucket'
export const NO_BUCKETS_MESSAGE = 'No buckets yet. Create one to store files such as images, videos and documents.'
export const LOAD_BUCKETS_FAILED = 'Failed to load buckets'
export const STORAGE_NOT_RUNNING = 'Storage is available while the project is running.'
export const WRITE_PERMISSION_NOTE = 'You need additional permissions to create, edit or delete buckets.'

export const PUBLIC_BADGE = 'Public'
export const PRIVATE_BADGE = 'Private'
export const ALL_MIME_TYPES = 'Any file type'
export const NO_MIME_TYPES = 'No file type allowed'
export const NO_SIZE_LIMIT = 'No size limit'
export const MAX_SIZE_TEXT = (size: string) => `Up to ${size}`

export const CREATE_BUCKET_TITLE = 'Create a bucket'
export const EDIT_BUCKET_TITLE = (name: string) => `Edit bucket ${name}`
export const BUCKET_NAME_LABEL = 'Name of bucket'
export const BUCKET_NAME_DESCRIPTION = BUCKET_NAME_RULE
export const PUBLIC_LABEL = 'Public bucket'
export const PUBLIC_DESCRIPTION =
  'Anyone can read any file in it without authorization. Uploads and deletes still follow your policies.'
export const RESTRICT_SIZE_LABEL = 'Restrict file upload size'
export const MAX_SIZE_LABEL = 'Maximum file size'
export const SIZE_UNIT_LABEL = 'Unit'
export const RESTRICT_MIME_LABEL = 'Restrict MIME types'
export const MIME_TYPES_LABEL = 'Allowed MIME types'
export const MIME_TYPES_PLACEHOLDER = 'image/png, image/*, application/pdf'
export const MIME_TYPES_DESCRIPTION = 'Comma-separated; type/* allows a whole family. Leave empty to allow none.'
export const CREATE_LABEL = 'Create bucket'
export const SAVE_LABEL = 'Save'
export const CANCEL_LABEL = 'Cancel'
export const EDIT_LABEL = 'Edit'
export const DELETE_LABEL = 'Delete'
export const INVALID_SIZE = 'Enter a size above 0'
export const INVALID_MIME = (entry: string) => `"${entry}" is not a MIME type like image/png or image/*`

export const BUCKET_CREATED = (name: string) => `Bucket ${name} created`
export const BUCKET_UPDATED = (name: string) => `Bucket ${name} updated`
export const BUCKET_DELETED = (name: string) => `Bucket ${name} deleted`
export const BUCKET_EMPTIED = (name: string) => `Bucket ${name} emptied`
export const CREATE_FAILED = (message: string) => `Failed to create bucket: ${message}`
export const UPDATE_FAILED = (message: string) => `Failed to update bucket: ${message}`
export const DELETE_FAILED = (message: string) => `Failed to delete bucket: ${message}`
export const EMPTY_FAILED = (message: string) => `Failed to empty bucket: ${message}`

export const DELETE_TITLE = (name: string) => `Confirm deletion of ${name}`
export const DELETE_DESCRIPTION = 'The bucket must be empty to be deleted. This cannot be undone.'
export const NOT_EMPTY_NOTICE = BUCKET_NOT_EMPTY_MESSAGE
export const EMPTY_LABEL = 'Empty bucket'
export const EMPTY_WARNING = 'Emptying deletes every file in the bucket for good.'

export type SizeUnit = 'bytes' | 'KB' | 'MB' | 'GB'
export const SIZE_UNITS: readonly SizeUnit[] = ['bytes', 'KB', 'MB', 'GB']
/** The dashboard counts sizes in binary units, as file managers do. */
export const SIZE_UNIT_BYTES: Record<SizeUnit, number> = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

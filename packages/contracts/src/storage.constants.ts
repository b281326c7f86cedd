// The plain values of storage.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

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

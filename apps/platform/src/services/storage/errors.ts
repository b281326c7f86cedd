import { HttpError } from '../../errors'

/**
 * A Storage API failure, answered the way the hosted Storage API answers: `{ statusCode, error, message }`
 * (statusCode is a string there; storage-js reads it). The dashboard routes turn it into the platform's
 * `{ message }` through toHttpError.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
    this.name = 'StorageError'
  }

  toJSON() {
    return { statusCode: String(this.status), error: this.error, message: this.message }
  }
}

export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message)
export const invalidKey = (message: string) => new StorageError(400, 'InvalidKey', message)
export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found')
export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found')
export const duplicate = () => new StorageError(409, 'Duplicate', 'The resource already exists')
export const rlsDenied = () => new StorageError(403, 'Unauthorized', 'new row violates row-level security policy')
export const tooLarge = (limitBytes: number) =>
  new StorageError(413, 'Payload too large', `The object exceeded the maximum allowed size of ${limitBytes} bytes`)
export const mimeTypeRefused = (mimeType: string) =>
  new StorageError(415, 'invalid_mime_type', `mime type ${mimeType} is not supported`)

/** Postgres errors a Storage request can meet, in Storage's words; anything else stays unexpected. */
export function fromPgError(error: unknown): StorageError | null {
  if (error instanceof StorageError) return error
  const code = (error as { code?: string } | null)?.code
  if (!code) return null
  if (code === '42501') return rlsDenied()
  if (code === '23505') return duplicate()
  if (code === '23503') return new StorageError(409, 'InvalidRequest', 'The bucket is not empty or does not exist')
  if (code === '22001' || code === '22P02' || code === '22021') {
    return invalidRequest((error as Error).message)
  }
  return null
}

/** For the dashboard routes: the same failure as the platform's `{ message }` error. */
export function toHttpError(error: unknown): unknown {
  const storage = fromPgError(error)
  return storage ? new HttpError(storage.status, storage.message) : error
}

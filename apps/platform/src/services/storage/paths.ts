import path from 'node:path'
import { BUCKET_NAME_PATTERN, BUCKET_NAME_RULE } from '@pgfleet/contracts'
import { projectStorageDir } from '../../system/data-dir-layout'
import { invalidKey, invalidRequest } from './errors'

/**
 * Where a project's objects live: `${PGFLEET_DATA_DIR}/storage/{ref}/{bucket_id}/{object name}`, outside every
 * pgdata. Object names become file paths, so they are checked strictly here, and every path built from them
 * is checked again to stay under its bucket's directory.
 */
export const MAX_OBJECT_NAME_BYTES = 1024
/** Linux refuses longer file names. */
const MAX_SEGMENT_BYTES = 255
/** Uploads are written here first, then renamed into place (same filesystem, so the rename is atomic). */
const TEMP_DIR_NAME = '.tmp'

/** A valid object name, or a 400 saying what is wrong with it. */
export function validateObjectName(name: string): string {
  if (name === '') throw invalidKey('The object name is required')
  if (Buffer.byteLength(name) > MAX_OBJECT_NAME_BYTES) {
    throw invalidKey(`Object names are at most ${MAX_OBJECT_NAME_BYTES} bytes`)
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) throw invalidKey('Object names must not contain control characters')
  if (name.startsWith('/')) throw invalidKey('Object names must not start with "/"')
  if (name.includes('\\')) throw invalidKey('Object names must not contain backslashes')
  for (const segment of name.split('/')) {
    if (segment === '') throw invalidKey('Object names must not contain empty folder names ("//" or a trailing "/")')
    if (segment === '.' || segment === '..') throw invalidKey('Object names must not contain "." or ".." folders')
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw invalidKey(`Each folder or file name is at most ${MAX_SEGMENT_BYTES} bytes`)
    }
  }
  return name
}

export function validateBucketId(id: string): string {
  if (!BUCKET_NAME_PATTERN.test(id)) throw invalidRequest(BUCKET_NAME_RULE)
  return id
}

export { projectStorageDir }

export function bucketDir(dataDir: string, ref: string, bucketId: string): string {
  return path.join(projectStorageDir(dataDir, ref), validateBucketId(bucketId))
}

export function uploadTempDir(dataDir: string, ref: string): string {
  return path.join(projectStorageDir(dataDir, ref), TEMP_DIR_NAME)
}

/** The file of an object; refuses any name that would resolve outside its bucket's directory. */
export function objectFilePath(dataDir: string, ref: string, bucketId: string, name: string): string {
  const root = bucketDir(dataDir, ref, bucketId)
  const file = path.resolve(root, validateObjectName(name))
  if (!file.startsWith(`${root}${path.sep}`)) throw invalidKey('Object names must stay inside their bucket')
  return file
}

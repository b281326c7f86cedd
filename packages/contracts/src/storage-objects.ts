import { z } from 'zod'

/**
 * The dashboard's storage browser: the objects and folders of one bucket, listed a folder at a time, and the
 * writes a member with update on storage may make (upload, new folder, move or rename, delete).
 */

/** Object names as the Storage API stores them: a path of folders and a file name, at most this many bytes. */
export const MAX_OBJECT_PATH_BYTES = 1024
/** A folder exists while an object name runs through it: a new, empty folder holds this hidden object. */
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'
/** One page of a folder's listing. */
export const STORAGE_LIST_PAGE_SIZE = 200
export const MAX_STORAGE_LIST_LIMIT = 1000
/** Deleting or signing this many objects at once, at most. */
export const MAX_OBJECTS_PER_CALL = 1000
/** Signed URLs last from one minute to one year when made from the dashboard. */
export const MIN_SIGNED_URL_EXPIRY_S = 60
export const MAX_SIGNED_URL_EXPIRY_S = 365 * 24 * 3600

export const STORAGE_OBJECT_WRITE_DENIED = 'You need additional permissions to change storage objects'

/** A path the server checks in full (control characters, "..", length); here only its type and rough size. */
const ObjectPath = z
  .string({ error: 'The object path is required' })
  .min(1, 'The object path is required')
  .max(4 * MAX_OBJECT_PATH_BYTES, `Object paths are at most ${MAX_OBJECT_PATH_BYTES} bytes`)

/** A folder: '' for the bucket's top level, otherwise without leading or trailing slashes. */
const FolderPath = z
  .string()
  .max(4 * MAX_OBJECT_PATH_BYTES, `Folder paths are at most ${MAX_OBJECT_PATH_BYTES} bytes`)
  .default('')

export const StorageObjectMetadata = z.object({
  size: z.number().nullable(),
  mimetype: z.string().nullable(),
  lastModified: z.string().nullable(),
})

/** One entry of a folder: a folder (id null, no metadata) or an object. */
export const StorageEntry = z.object({
  name: z.string(),
  id: z.string().nullable(),
  updated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  metadata: StorageObjectMetadata.nullable(),
})
export type StorageEntry = z.infer<typeof StorageEntry>

export const ListObjectsBody = z.object({
  path: FolderPath,
  limit: z.number().int().min(1).max(MAX_STORAGE_LIST_LIMIT).default(STORAGE_LIST_PAGE_SIZE),
  offset: z.number().int().min(0).default(0),
  search: z.string().max(1024).default(''),
})
export type ListObjectsBody = z.input<typeof ListObjectsBody>
/** `nextOffset` is where the next page starts, or null after the last page. */
export const ListObjectsResponse = z.object({ entries: z.array(StorageEntry), nextOffset: z.number().nullable() })
export type ListObjectsResponse = z.infer<typeof ListObjectsResponse>

export const UploadObjectQuery = z.object({
  path: ObjectPath,
  upsert: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
})
export type UploadObjectQuery = z.input<typeof UploadObjectQuery>
export const UploadObjectResponse = z.object({ id: z.string(), path: z.string() })
export type UploadObjectResponse = z.infer<typeof UploadObjectResponse>

export const CreateStorageFolderBody = z.object({ path: ObjectPath })
export type CreateStorageFolderBody = z.input<typeof CreateStorageFolderBody>

export const MoveObjectBody = z.object({ from: ObjectPath, to: ObjectPath })
export type MoveObjectBody = z.input<typeof MoveObjectBody>

/** A folder and everything under it, renamed or moved in one step; `dryRun` only counts and lists the clashes. */
export const MoveFolderBody = z.object({ from: ObjectPath, to: ObjectPath, dryRun: z.boolean().default(false) })
export type MoveFolderBody = z.input<typeof MoveFolderBody>
/** Why one object under the folder cannot move: its new path is taken, or too long. */
export const MoveFolderConflict = z.object({ path: z.string(), message: z.string() })
export type MoveFolderConflict = z.infer<typeof MoveFolderConflict>
/** At most this many conflicts are listed; `conflictCount` counts them all. */
export const MAX_LISTED_MOVE_CONFLICTS = 50
/**
 * `objects` under the folder; `moved` is all of them or none (never part): with any conflict nothing moves
 * and the conflicts say why.
 */
export const MoveFolderResponse = z.object({
  from: z.string(),
  to: z.string(),
  objects: z.number(),
  moved: z.number(),
  conflicts: z.array(MoveFolderConflict),
  conflictCount: z.number(),
})
export type MoveFolderResponse = z.infer<typeof MoveFolderResponse>

/** Objects by path, and folders (everything under them); at least one of either. */
export const DeleteObjectsBody = z
  .object({
    paths: z.array(ObjectPath).max(MAX_OBJECTS_PER_CALL, `At most ${MAX_OBJECTS_PER_CALL} objects at once`).default([]),
    folders: z
      .array(ObjectPath)
      .max(MAX_OBJECTS_PER_CALL, `At most ${MAX_OBJECTS_PER_CALL} folders at once`)
      .default([]),
  })
  .refine((body) => body.paths.length + body.folders.length > 0, 'Name at least one object or folder')
export type DeleteObjectsBody = z.input<typeof DeleteObjectsBody>
export const DeleteObjectsResponse = z.object({ deleted: z.array(z.string()) })

export const SignObjectBody = z.object({
  path: ObjectPath,
  expiresIn: z
    .number({ error: 'The expiry must be a number of seconds' })
    .int('The expiry must be a whole number of seconds')
    .min(MIN_SIGNED_URL_EXPIRY_S, `The expiry is at least ${MIN_SIGNED_URL_EXPIRY_S} seconds`)
    .max(MAX_SIGNED_URL_EXPIRY_S, 'The expiry is at most one year'),
  download: z.boolean().default(false),
})
export type SignObjectBody = z.input<typeof SignObjectBody>
export const SignedUrlResponse = z.object({ signedUrl: z.string(), expiresAt: z.string() })
export type SignedUrlResponse = z.infer<typeof SignedUrlResponse>

export const PublicUrlBody = z.object({ path: ObjectPath })
export const PublicUrlResponse = z.object({ publicUrl: z.string() })

/** The `{uploadId}` of a resumable upload (TUS) in a path. */
export const ResumableUploadIdParam = z.string().max(64)

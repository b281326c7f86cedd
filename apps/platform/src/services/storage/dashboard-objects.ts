import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  type DeleteObjectsBody,
  EMPTY_FOLDER_PLACEHOLDER,
  type ListObjectsBody,
  type ListObjectsResponse,
  type SignedUrlResponse,
  type StorageEntry,
  type UploadObjectResponse,
} from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict, notFound } from '../../errors'
import { isMimeTypeAllowed } from './api-objects'
import { getBucket } from './buckets'
import { mimeTypeRefused, toHttpError } from './errors'
import { discard, placeFile, pruneEmptyFolders, removeObjectFiles, writeTempFile } from './files'
import { type ListEntry, listFolder, moveObject, type ObjectMetadata, saveObject } from './objects'
import { bucketDir, objectFilePath, uploadTempDir, validateObjectName } from './paths'
import { asService } from './service'
import { signObjectUrl } from './signed-urls'
import { baseMimeType, receiveUpload } from './upload-body'

/**
 * The storage browser's object operations. Like bucket management they run as service_role (the dashboard
 * member's permission was checked by the route); every object name is checked as strictly as the Storage API
 * checks it, so a hostile name never becomes a file path outside its bucket.
 */
type BrowserProject = Pick<ProjectRow, 'ref' | 'status' | 'port' | 'authenticator_password' | 'jwt_secret'>

/** Name checks answer the platform's `{ message }` 400 rather than the Storage API's shape. */
function checkedName(name: string): string {
  try {
    return validateObjectName(name)
  } catch (error) {
    throw toHttpError(error)
  }
}

async function requireBucket(client: pg.ClientBase, bucketId: string) {
  const bucket = await getBucket(client, bucketId)
  if (!bucket) throw notFound(`Bucket ${bucketId} not found`)
  return bucket
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function toEntry(row: ListEntry): StorageEntry {
  return {
    name: row.name,
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    metadata: row.metadata
      ? {
          size: row.metadata.size ?? null,
          mimetype: row.metadata.mimetype ?? null,
          lastModified: row.metadata.lastModified ?? null,
        }
      : null,
  }
}

/** One page of a folder. One more entry than asked is read to know whether another page follows. */
export async function listBucketObjects(
  ctx: AppContext,
  project: BrowserProject,
  bucketId: string,
  body: Required<ListObjectsBody>,
): Promise<ListObjectsResponse> {
  const prefix = body.path.replace(/\/$/, '')
  if (prefix !== '') checkedName(prefix)
  const rows = await asService(ctx, project, async (client) => {
    await requireBucket(client, bucketId)
    return listFolder(client, bucketId, {
      prefix,
      limit: body.limit + 1,
      offset: body.offset,
      search: body.search,
      sortColumn: 'name',
      sortOrder: 'asc',
    })
  })
  const hasMore = rows.length > body.limit
  return {
    entries: rows
      .slice(0, body.limit)
      .filter((row) => row.name !== EMPTY_FOLDER_PLACEHOLDER)
      .map(toEntry),
    nextOffset: hasMore ? body.offset + body.limit : null,
  }
}

const metadataOf = (size: number, md5: string, contentType: string): ObjectMetadata => ({
  eTag: `"${md5}"`,
  size,
  mimetype: contentType,
  cacheControl: 'max-age=3600',
  lastModified: new Date().toISOString(),
  contentLength: size,
  httpStatusCode: 200,
})

/** Streams the request body to a temp file (within the bucket's limits), then writes the row and places the file. */
export async function uploadBucketObject(
  ctx: AppContext,
  project: BrowserProject,
  input: { bucketId: string; name: string; upsert: boolean; raw: IncomingMessage },
): Promise<UploadObjectResponse> {
  const name = checkedName(input.name)
  const bucket = await asService(ctx, project, (client) => requireBucket(client, input.bucketId))
  const maxBytes = ctx.config.storageMaxUploadBytes
  const limit = Math.min(bucket.file_size_limit === null ? maxBytes : Number(bucket.file_size_limit), maxBytes)
  const target = objectFilePath(ctx.config.dataDir, project.ref, input.bucketId, name)
  const tempDir = uploadTempDir(ctx.config.dataDir, project.ref)
  let written: Awaited<ReturnType<typeof writeTempFile>> | undefined
  try {
    const received = await receiveUpload(input.raw, limit, async (file) => {
      if (!isMimeTypeAllowed(bucket.allowed_mime_types, file.contentType)) {
        throw mimeTypeRefused(baseMimeType(file.contentType))
      }
      return { contentType: file.contentType, written: await writeTempFile(tempDir, file.stream, limit) }
    })
    written = received.written
    const done = received.written
    const id = await asService(ctx, project, async (client) => {
      const metadata = metadataOf(done.size, done.md5, received.contentType)
      const saved = await saveObject(client, {
        bucketId: input.bucketId,
        name,
        upsert: input.upsert,
        metadata,
        owner: null,
        owner_id: null,
      })
      // inside the transaction: a file that cannot be placed rolls the row back
      await placeFile(done.tempPath, target)
      return saved
    })
    return { id, path: name }
  } catch (error) {
    throw toHttpError(error)
  } finally {
    await discard(written?.tempPath)
  }
}

/** A folder exists while an object name runs through it; an empty one holds a hidden placeholder. */
export async function createBucketFolder(
  ctx: AppContext,
  project: BrowserProject,
  bucketId: string,
  folderPath: string,
) {
  const folder = checkedName(folderPath.replace(/\/$/, ''))
  const name = checkedName(`${folder}/${EMPTY_FOLDER_PLACEHOLDER}`)
  const target = objectFilePath(ctx.config.dataDir, project.ref, bucketId, name)
  const tempDir = uploadTempDir(ctx.config.dataDir, project.ref)
  let tempPath: string | undefined
  try {
    await asService(ctx, project, async (client) => {
      await requireBucket(client, bucketId)
      const existing = await listFolder(client, bucketId, {
        prefix: folder,
        limit: 1,
        offset: 0,
        search: '',
        sortColumn: 'name',
        sortOrder: 'asc',
      })
      if (existing.length > 0) throw conflict(`A folder named ${folder} already exists`)
      const written = await writeTempFile(tempDir, Readable.from([]), 0)
      tempPath = written.tempPath
      await saveObject(client, {
        bucketId,
        name,
        upsert: false,
        metadata: metadataOf(0, written.md5, 'application/octet-stream'),
        owner: null,
        owner_id: null,
      })
      await placeFile(written.tempPath, target)
    })
  } catch (error) {
    throw toHttpError(error)
  } finally {
    await discard(tempPath)
  }
}

/** Renames one object (a move is a rename to another folder); 409 when the new path is taken. */
export async function moveBucketObject(
  ctx: AppContext,
  project: BrowserProject,
  bucketId: string,
  from: string,
  to: string,
) {
  const source = checkedName(from)
  const destination = checkedName(to)
  if (source === destination) throw badRequest('The object is already at that path')
  const fromFile = objectFilePath(ctx.config.dataDir, project.ref, bucketId, source)
  const toFile = objectFilePath(ctx.config.dataDir, project.ref, bucketId, destination)
  try {
    await asService(ctx, project, async (client) => {
      await requireBucket(client, bucketId)
      const moved = await moveObject(client, { bucketId, name: source }, { bucketId, name: destination })
      if (!moved) throw notFound(`Object ${source} not found`)
      await placeFile(fromFile, toFile).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? notFound(`Object ${source} not found`) : error
      })
      await pruneEmptyFolders(bucketDir(ctx.config.dataDir, project.ref, bucketId), [path.dirname(fromFile)])
    })
  } catch (error) {
    throw toHttpError(error)
  }
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/** Deletes objects by path and whole folders; answers the deleted paths. */
export async function deleteBucketObjects(
  ctx: AppContext,
  project: BrowserProject,
  bucketId: string,
  body: Required<DeleteObjectsBody>,
): Promise<string[]> {
  const names = body.paths.map(checkedName)
  const folders = body.folders.map((folder) => `${likeEscape(checkedName(folder.replace(/\/$/, '')))}/%`)
  const root = bucketDir(ctx.config.dataDir, project.ref, bucketId)
  try {
    return await asService(ctx, project, async (client) => {
      await requireBucket(client, bucketId)
      const { rows } = await client.query<{ name: string }>(
        `DELETE FROM storage.objects
         WHERE bucket_id = $1 AND (name = ANY($2::text[]) OR name LIKE ANY($3::text[]))
         RETURNING name`,
        [bucketId, names, folders],
      )
      const deleted = rows.map((row) => row.name)
      // a name written by SQL that is no valid file name never had a file
      const files = deleted.flatMap((name) => {
        try {
          return [objectFilePath(ctx.config.dataDir, project.ref, bucketId, name)]
        } catch {
          return []
        }
      })
      // while the deleted rows are locked, so a concurrent upload of the same name keeps its new file
      await removeObjectFiles(root, files)
      return deleted
    })
  } catch (error) {
    throw toHttpError(error)
  }
}

/** The object's path in a URL: each folder and file name encoded on its own. */
const encodedPath = (name: string) => name.split('/').map(encodeURIComponent).join('/')

export async function signBucketObject(
  ctx: AppContext,
  project: BrowserProject,
  origin: string,
  input: { bucketId: string; name: string; expiresIn: number; download: boolean },
): Promise<SignedUrlResponse> {
  const name = checkedName(input.name)
  await asService(ctx, project, async (client) => {
    await requireBucket(client, input.bucketId)
    const { rowCount } = await client.query('SELECT 1 FROM storage.objects WHERE bucket_id = $1 AND name = $2', [
      input.bucketId,
      name,
    ])
    if (!rowCount) throw notFound(`Object ${name} not found`)
  })
  const signed = await signObjectUrl(project.jwt_secret, input.bucketId, name, input.expiresIn)
  const token = signed.slice(signed.indexOf('?token=') + '?token='.length)
  const url = `${origin}/p/${project.ref}/storage/v1/object/sign/${input.bucketId}/${encodedPath(name)}?token=${token}`
  return {
    signedUrl: input.download ? `${url}&download` : url,
    expiresAt: new Date(Date.now() + input.expiresIn * 1000).toISOString(),
  }
}

export async function publicObjectUrl(
  ctx: AppContext,
  project: BrowserProject,
  origin: string,
  bucketId: string,
  objectPath: string,
): Promise<string> {
  const name = checkedName(objectPath)
  const bucket = await asService(ctx, project, (client) => requireBucket(client, bucketId))
  if (!bucket.public) throw badRequest(`Bucket ${bucketId} is not public: use a signed URL`)
  return `${origin}/p/${project.ref}/storage/v1/object/public/${bucketId}/${encodedPath(name)}`
}

import path from 'node:path'
import { z } from 'zod'
import { parseMediaType } from '../../http/media-type'
import { asCaller, asService, json, ownerOf, paths, readJson, type StorageCall, type StorageResponse } from './api-call'
import { getBucket } from './buckets'
import { bucketNotFound, mimeTypeRefused, objectNotFound, StorageError } from './errors'
import { copyToTemp, discard, placeFile, pruneEmptyFolders, removeObjectFiles, writeTempFile } from './files'
import {
  copyObject,
  deleteObjects,
  listFolder,
  moveObject,
  OBJECT_SORT_COLUMNS,
  type ObjectMetadata,
  saveObject,
} from './objects'
import { validateBucketId, validateObjectName } from './paths'
import { baseMimeType, receiveUpload } from './upload-body'

/** The Storage API's object routes (upload, list, remove, move, copy); downloads live in api-downloads.ts. */

/** Whether `contentType` is one of `allowed` (which may hold wildcards like image/*); null allows every type. */
export function isMimeTypeAllowed(allowed: string[] | null, contentType: string): boolean {
  const type = parseMediaType(contentType)
  if (type === null) return false
  if (allowed === null) return true
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase()
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted
  })
}

/** POST (x-upsert: true to overwrite) and PUT (always overwrites) /object/{bucket}/{name}. */
export async function uploadRoute(call: StorageCall, bucketId: string, name: string, upsert: boolean) {
  validateObjectName(name)
  const bucket = await asService(call, (client) => getBucket(client, bucketId))
  if (!bucket) throw bucketNotFound()
  const limit = Math.min(
    bucket.file_size_limit === null ? call.maxUploadBytes : Number(bucket.file_size_limit),
    call.maxUploadBytes,
  )
  const where = paths(call)
  const target = where.object(bucketId, name)
  const owner = ownerOf(call.auth)
  const metadataFor = (size: number, md5: string, contentType: string, cacheControl: string): ObjectMetadata => ({
    eTag: `"${md5}"`,
    size,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  })
  // ask RLS (and the unique name) first, so a refused upload is answered before its bytes are read
  await asCaller(
    call,
    (client) => saveObject(client, { bucketId, name, upsert, metadata: metadataFor(0, '', '', ''), ...owner }),
    false,
  )
  const received = await receiveUpload(call.req.raw, limit, async (file) => {
    if (!isMimeTypeAllowed(bucket.allowed_mime_types, file.contentType)) {
      throw mimeTypeRefused(baseMimeType(file.contentType))
    }
    return { file, written: await writeTempFile(where.temp(), file.stream, limit) }
  })
  const { file, written } = received
  try {
    const metadata = metadataFor(written.size, written.md5, file.contentType, file.cacheControl)
    const id = await asCaller(call, async (client) => {
      const saved = await saveObject(client, { bucketId, name, upsert, metadata, ...owner })
      // in the transaction: a file that cannot be placed rolls the row back
      await placeFile(written.tempPath, target)
      return saved
    })
    return json(200, { Id: id, Key: `${bucketId}/${name}` })
  } finally {
    await discard(written.tempPath)
  }
}

const MAX_PREFIXES = 1000
const RemoveBody = z.object({
  prefixes: z
    .array(z.string())
    .min(1, 'prefixes must name at least one object')
    .max(MAX_PREFIXES, `At most ${MAX_PREFIXES} objects at once`),
})

/** DELETE /object/{bucket} with `{ prefixes }`, or DELETE /object/{bucket}/{name}. */
export async function removeRoute(call: StorageCall, bucketId: string, single?: string): Promise<StorageResponse> {
  validateBucketId(bucketId)
  const names = single === undefined ? (await readJson(call, RemoveBody)).prefixes : [validateObjectName(single)]
  const where = paths(call)
  const rows = await asCaller(call, async (client) => {
    const deleted = await deleteObjects(client, bucketId, names)
    // while the rows are still locked: a concurrent upload of the same name waits, so its new file is never removed
    const files = where.objects(
      bucketId,
      deleted.map((row) => row.name),
    )
    await removeObjectFiles(where.bucket(bucketId), files)
    return deleted
  })
  if (single !== undefined) {
    if (rows.length === 0) throw objectNotFound()
    return json(200, { message: 'Successfully deleted' })
  }
  return json(200, rows)
}

const ListBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(OBJECT_SORT_COLUMNS).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
})

/** POST /object/list/{bucket}: one folder level, folders as entries with a null id. */
export async function listRoute(call: StorageCall, bucketId: string): Promise<StorageResponse> {
  validateBucketId(bucketId)
  const body = await readJson(call, ListBody)
  const prefix = body.prefix.replace(/^\/+|\/+$/g, '')
  const entries = await asCaller(call, async (client) => {
    return listFolder(client, bucketId, {
      prefix,
      limit: body.limit,
      offset: body.offset,
      search: body.search,
      sortColumn: body.sortBy.column,
      sortOrder: body.sortBy.order,
    })
  })
  return json(200, entries)
}

const TransferBody = z.object({
  bucketId: z.string({ error: 'bucketId is required' }),
  sourceKey: z.string({ error: 'sourceKey is required' }),
  destinationKey: z.string({ error: 'destinationKey is required' }),
  destinationBucket: z.string().nullish(),
})

async function transferEnds(call: StorageCall) {
  const body = await readJson(call, TransferBody)
  const from = { bucketId: validateBucketId(body.bucketId), name: validateObjectName(body.sourceKey) }
  const to = {
    bucketId: validateBucketId(body.destinationBucket ?? body.bucketId),
    name: validateObjectName(body.destinationKey),
  }
  if (to.bucketId !== from.bucketId) {
    const exists = await asService(call, (client) => getBucket(client, to.bucketId))
    if (!exists) throw bucketNotFound()
  }
  const where = paths(call)
  return { from, to, fromFile: where.object(from.bucketId, from.name), toFile: where.object(to.bucketId, to.name) }
}

/** POST /object/move: RLS needs update on the row; the file is renamed in the same transaction. */
export async function moveRoute(call: StorageCall): Promise<StorageResponse> {
  const { from, to, fromFile, toFile } = await transferEnds(call)
  await asCaller(call, async (client) => {
    if (!(await moveObject(client, from, to))) throw objectNotFound()
    await placeFile(fromFile, toFile).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? objectNotFound() : error
    })
    await pruneEmptyFolders(paths(call).bucket(from.bucketId), [path.dirname(fromFile)])
  })
  return json(200, { message: 'Successfully moved' })
}

/** POST /object/copy: RLS needs select on the source and insert of the copy. */
export async function copyRoute(call: StorageCall): Promise<StorageResponse> {
  const { from, to, fromFile, toFile } = await transferEnds(call)
  let temp: string | undefined
  try {
    const id = await asCaller(call, async (client) => {
      const copied = await copyObject(client, from, { ...to, ...ownerOf(call.auth) })
      if (!copied) throw objectNotFound()
      temp = await copyToTemp(paths(call).temp(), fromFile).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? objectNotFound() : error
      })
      await placeFile(temp, toFile)
      return copied
    })
    return json(200, { Id: id, Key: `${to.bucketId}/${to.name}` })
  } finally {
    await discard(temp)
  }
}

export function unsupported(feature: string): never {
  throw new StorageError(501, 'NotImplemented', `${feature} is not supported by this platform yet`)
}

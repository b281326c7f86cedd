import { BUCKET_NAME_RULE, BUCKET_NOT_EMPTY_MESSAGE, BucketName, MIME_TYPE_PATTERN } from '@pgfleet/contracts'
import { z } from 'zod'
import { asCaller, json, ownerOf, paths, readJson, type StorageCall, type StorageResponse } from './api-call'
import {
  BUCKET_SORT_COLUMNS,
  checkFileSizeLimit,
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  toBucket,
  updateBucket,
} from './buckets'
import { bucketNotFound, invalidRequest } from './errors'
import { removeObjectFiles, removeTree } from './files'
import { validateBucketId } from './paths'

/** The Storage API's /bucket routes as storage-js calls them; RLS on storage.buckets decides who may do what. */

const FILE_SIZE_UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 }

/** storage-js sends the limit as bytes or as text like '5MB'. */
const FileSizeLimitInput = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return value
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value > 0) return value
    } else {
      const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim())
      if (match) {
        const bytes = Math.floor(Number(match[1]) * (FILE_SIZE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1))
        if (bytes > 0) return bytes
      }
    }
    ctx.addIssue({ code: 'custom', message: 'file_size_limit must be a number of bytes or a size like 5MB' })
    return z.NEVER
  })

const MimeTypesInput = z
  .array(z.string().regex(MIME_TYPE_PATTERN, 'allowed_mime_types entries look like image/png or image/*'))
  .nullish()

const BucketBody = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: FileSizeLimitInput,
  allowed_mime_types: MimeTypesInput,
})

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  search: z.string().optional(),
  sortColumn: z.enum(BUCKET_SORT_COLUMNS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
})

export async function listBucketsRoute(call: StorageCall): Promise<StorageResponse> {
  const parsed = ListQuery.safeParse(Object.fromEntries(call.req.query))
  if (!parsed.success) throw invalidRequest(parsed.error.issues[0]?.message ?? 'Invalid query')
  const rows = await asCaller(call, (client) => listBuckets(client, parsed.data))
  return json(200, rows.map(toBucket))
}

export async function getBucketRoute(call: StorageCall, id: string): Promise<StorageResponse> {
  const row = await asCaller(call, (client) => getBucket(client, id))
  if (!row) throw bucketNotFound()
  return json(200, toBucket(row))
}

export async function createBucketRoute(call: StorageCall): Promise<StorageResponse> {
  const body = await readJson(call, BucketBody)
  const id = body.id ?? body.name
  const name = BucketName.safeParse(id)
  if (!name.success) throw invalidRequest(BUCKET_NAME_RULE)
  checkFileSizeLimit(body.file_size_limit, call.maxUploadBytes)
  const settings = {
    public: body.public ?? false,
    allowed_mime_types: body.allowed_mime_types ?? null,
    file_size_limit: body.file_size_limit ?? null,
  }
  await asCaller(call, (client) => createBucket(client, name.data, settings, ownerOf(call.auth)))
  return json(200, { name: name.data })
}

export async function updateBucketRoute(call: StorageCall, id: string): Promise<StorageResponse> {
  const body = await readJson(call, BucketBody)
  checkFileSizeLimit(body.file_size_limit, call.maxUploadBytes)
  const row = await asCaller(call, (client) =>
    updateBucket(client, id, {
      public: body.public,
      // storage-js sends every field; undefined means "leave it", null means "no restriction"
      allowed_mime_types: body.allowed_mime_types,
      file_size_limit: body.file_size_limit,
    }),
  )
  if (!row) throw bucketNotFound()
  return json(200, { message: 'Successfully updated' })
}

export async function deleteBucketRoute(call: StorageCall, id: string): Promise<StorageResponse> {
  validateBucketId(id)
  const deleted = await asCaller(call, (client) => deleteBucket(client, id, BUCKET_NOT_EMPTY_MESSAGE))
  if (!deleted) throw bucketNotFound()
  await removeTree(paths(call).bucket(id))
  return json(200, { message: 'Successfully deleted' })
}

export async function emptyBucketRoute(call: StorageCall, id: string): Promise<StorageResponse> {
  const where = paths(call)
  await asCaller(call, async (client) => {
    if (!(await getBucket(client, id))) throw bucketNotFound()
    // files go while the deleted rows are locked (see removeRoute)
    await removeObjectFiles(where.bucket(id), where.objects(id, await emptyBucket(client, id)))
  })
  return json(200, { message: 'Successfully emptied' })
}

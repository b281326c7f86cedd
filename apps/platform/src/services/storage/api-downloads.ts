import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { containedFile } from '@pgfleet/engine'
import { z } from 'zod'
import { asCaller, asService, json, paths, readJson, type StorageCall, type StorageResponse } from './api-call'
import { getBucket } from './buckets'
import { bucketNotFound, invalidRequest, objectNotFound, StorageError } from './errors'
import { getObject, type ObjectRow } from './objects'
import { validateBucketId, validateObjectName } from './paths'
import { MAX_SIGNED_URL_EXPIRY_S, signObjectUrl, verifyObjectToken } from './signed-urls'

/**
 * Reading objects: authenticated downloads (RLS select on storage.objects), public downloads (public buckets
 * only), signed URLs (made by whoever may read the object, then valid for anyone until they expire), and info.
 */
export type DownloadMode = 'authenticated' | 'public' | 'signed'

async function visibleObject(call: StorageCall, mode: DownloadMode, bucketId: string, name: string) {
  validateBucketId(bucketId)
  validateObjectName(name)
  if (mode === 'authenticated') return asCaller(call, (client) => getObject(client, bucketId, name))
  if (mode === 'signed') {
    const token = call.req.query.get('token')
    if (!token) throw invalidRequest('The signed URL has no token')
    await verifyObjectToken(call.entry.jwtSecret, bucketId, name, token)
    return asService(call, (client) => getObject(client, bucketId, name))
  }
  return asService(call, async (client) => {
    const bucket = await getBucket(client, bucketId)
    if (!bucket) throw bucketNotFound()
    if (!bucket.public) throw new StorageError(400, 'InvalidRequest', `Bucket ${bucketId} is not public`)
    return getObject(client, bucketId, name)
  })
}

/** GET and HEAD of an object's bytes, streamed from disk. `?download` (or `?download=name`) makes it an attachment. */
export async function downloadRoute(
  call: StorageCall,
  mode: DownloadMode,
  bucketId: string,
  name: string,
): Promise<StorageResponse> {
  const row = await visibleObject(call, mode, bucketId, name)
  if (!row) throw objectNotFound()
  const located = paths(call).object(bucketId, name)
  // the real file must still be inside the bucket's directory, whatever links lie on the way
  const file = await containedFile(paths(call).bucket(bucketId), path.relative(paths(call).bucket(bucketId), located))
  if (!file) throw objectNotFound()
  let size: number
  try {
    const handle = await open(file, 'r')
    size = (await handle.stat()).size
    await handle.close()
  } catch {
    // the row exists but its bytes do not (deleted from disk by hand): say so rather than fail obscurely
    throw objectNotFound()
  }
  const metadata = row.metadata
  const headers: Record<string, string> = {
    'content-type': metadata?.mimetype || 'application/octet-stream',
    'content-length': String(size),
    'cache-control': metadata?.cacheControl || 'no-cache',
    'last-modified': row.updated_at.toUTCString(),
  }
  if (metadata?.eTag) headers.etag = metadata.eTag
  const download = call.req.query.get('download')
  if (download !== null) {
    const filename = download || path.basename(name)
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`
  }
  return { status: 200, headers, body: call.req.method === 'HEAD' ? null : createReadStream(file) }
}

/** GET /object/info/{bucket}/{name}: the object's facts, as storage-js' info() reads them. */
export async function infoRoute(call: StorageCall, bucketId: string, name: string): Promise<StorageResponse> {
  const row = await visibleObject(call, 'authenticated', bucketId, name)
  if (!row) throw objectNotFound()
  return json(200, objectInfo(row))
}

function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    version: null,
    name: row.name,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    last_modified: row.metadata?.lastModified ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    metadata: {},
  }
}

const ExpiresIn = z
  .number({ error: 'expiresIn must be a number of seconds' })
  .int('expiresIn must be a whole number of seconds')
  .min(1, 'expiresIn must be at least 1 second')
  .max(MAX_SIGNED_URL_EXPIRY_S, `expiresIn must be at most ${MAX_SIGNED_URL_EXPIRY_S} seconds`)

/** POST /object/sign/{bucket}/{name} `{ expiresIn }`: the caller must be able to read the object. */
export async function signRoute(call: StorageCall, bucketId: string, name: string): Promise<StorageResponse> {
  const { expiresIn } = await readJson(call, z.object({ expiresIn: ExpiresIn }))
  const row = await visibleObject(call, 'authenticated', bucketId, name)
  if (!row) throw objectNotFound()
  return json(200, { signedURL: await signObjectUrl(call.entry.jwtSecret, bucketId, name, expiresIn) })
}

/** POST /object/sign/{bucket} `{ expiresIn, paths }`: one answer per path, with an error for those not readable. */
export async function signManyRoute(call: StorageCall, bucketId: string): Promise<StorageResponse> {
  validateBucketId(bucketId)
  const body = await readJson(call, z.object({ expiresIn: ExpiresIn, paths: z.array(z.string()).min(1).max(1000) }))
  const visible = await asCaller(call, async (client) => {
    const found = new Set<string>()
    for (const name of body.paths) if (await getObject(client, bucketId, name)) found.add(name)
    return found
  })
  const answers = await Promise.all(
    body.paths.map(async (name) =>
      visible.has(name)
        ? {
            error: null,
            path: name,
            signedURL: await signObjectUrl(call.entry.jwtSecret, bucketId, name, body.expiresIn),
          }
        : { error: 'Either the object does not exist or you do not have access to it', path: name, signedURL: null },
    ),
  )
  return json(200, answers)
}

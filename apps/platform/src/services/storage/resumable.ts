import { createWriteStream } from 'node:fs'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { asCaller, asService, json, ownerOf, paths, type StorageCall, type StorageResponse } from './api-call'
import { isMimeTypeAllowed } from './api-objects'
import { getBucket } from './buckets'
import { bucketNotFound, invalidRequest, mimeTypeRefused, StorageError, tooLarge } from './errors'
import { placeFile } from './files'
import { type ObjectMetadata, saveObject } from './objects'
import { validateBucketId, validateObjectName } from './paths'
import {
  createStaged,
  isExpired,
  isUploadId,
  md5Of,
  newUploadId,
  RESUMABLE_EXPIRY_MS,
  readStaged,
  removeStaged,
  type StagedUpload,
  stagedFiles,
  stagedOffset,
  stagingDir,
  sweepStaged,
} from './resumable-staging'
import { baseMimeType } from './upload-body'

/**
 * Resumable uploads at /storage/v1/upload/resumable, speaking TUS 1.0 (core, creation, termination,
 * expiration) as the hosted Storage API does: POST creates an upload from `Upload-Length` and `Upload-Metadata`
 * (bucketName, objectName, contentType, cacheControl; `x-upsert` to overwrite), PATCH appends a chunk at
 * `Upload-Offset`, HEAD tells how much arrived, DELETE cancels. The object is written (RLS deciding, as for a
 * plain upload) when the last byte arrives.
 */
export const TUS_VERSION = '1.0.0'
export const TUS_EXTENSIONS = 'creation,termination,expiration'
const CHUNK_CONTENT_TYPE = 'application/offset+octet-stream'
const DEFAULT_CACHE_CONTROL = 'max-age=3600'

/** Uploads a request is writing or finishing right now, in this process: one request per upload at a time. */
const busy = new Set<string>()

/** Whether a request is writing or finishing this upload right now: sweeps leave it alone. */
export const isUploadBusy = (id: string) => busy.has(id)

const tusHeaders = (extra: Record<string, string> = {}) => ({ 'tus-resumable': TUS_VERSION, ...extra })

function tusJson(status: number, error: StorageError | { message: string; error: string }): StorageResponse {
  const answer = json(status, error instanceof StorageError ? error.toJSON() : { statusCode: String(status), ...error })
  return { ...answer, headers: { ...answer.headers, ...tusHeaders() } }
}

function header(call: StorageCall, name: string): string | undefined {
  const value = call.req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** A non-negative whole number header, or a 400 naming it. */
function byteCount(call: StorageCall, name: string): number {
  const value = header(call, name)
  if (value === undefined || !/^\d{1,15}$/.test(value)) {
    throw invalidRequest(`The ${name} header must be a whole number of bytes`)
  }
  return Number(value)
}

/** `key base64value,key2 base64value2`: the values decoded as UTF-8. */
export function parseUploadMetadata(value: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {}
  if (!value) return metadata
  for (const pair of value.split(',')) {
    const [key, encoded, extra] = pair.trim().split(' ')
    if (!key || extra !== undefined || (encoded !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))) {
      throw invalidRequest('Upload-Metadata must be comma-separated "key base64value" pairs')
    }
    metadata[key] = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8')
  }
  return metadata
}

/** Who may continue an upload: the one who started it. */
const callerOf = (call: StorageCall) => call.actor ?? ownerOf(call.auth).owner_id

const expiresHeader = (upload: StagedUpload) => new Date(upload.expiresAt).toUTCString()

export async function resumableRoute(call: StorageCall, rest: string[]): Promise<StorageResponse> {
  const override = header(call, 'x-http-method-override')
  const method = call.req.method === 'POST' && override ? override.toUpperCase() : call.req.method
  if (header(call, 'tus-resumable') !== TUS_VERSION) {
    const answer = tusJson(412, { error: 'PreconditionFailed', message: `Tus-Resumable must be ${TUS_VERSION}` })
    return { ...answer, headers: { ...answer.headers, 'tus-version': TUS_VERSION } }
  }
  const [first, id, ...more] = rest
  if (first !== 'resumable' || more.length > 0) throw invalidRequest('No such resumable upload route')
  if (id === undefined || id === '') {
    if (method === 'POST') return createUpload(call)
  } else {
    if (!isUploadId(id)) throw new StorageError(404, 'not_found', 'Upload not found')
    if (method === 'HEAD') return uploadOffset(call, id)
    if (method === 'PATCH') return appendChunk(call, id)
    if (method === 'DELETE') return cancelUpload(call, id)
  }
  return tusJson(405, { error: 'MethodNotAllowed', message: `${method} is not allowed here` })
}

const dirOf = (call: StorageCall) => stagingDir(call.ctx.config.dataDir, call.req.ref)

async function createUpload(call: StorageCall): Promise<StorageResponse> {
  if (header(call, 'upload-defer-length') !== undefined) {
    throw invalidRequest('Upload-Defer-Length is not supported: send Upload-Length')
  }
  const length = byteCount(call, 'upload-length')
  const metadata = parseUploadMetadata(header(call, 'upload-metadata'))
  if (!metadata.bucketName) throw invalidRequest('Upload-Metadata must include bucketName')
  if (!metadata.objectName) throw invalidRequest('Upload-Metadata must include objectName')
  const bucketId = validateBucketId(metadata.bucketName)
  const name = validateObjectName(metadata.objectName)
  const bucket = await asService(call, (client) => getBucket(client, bucketId))
  if (!bucket) throw bucketNotFound()
  const limit = Math.min(
    bucket.file_size_limit === null ? call.maxUploadBytes : Number(bucket.file_size_limit),
    call.maxUploadBytes,
  )
  if (length > limit) throw tooLarge(limit)
  const contentType = metadata.contentType || 'application/octet-stream'
  if (!isMimeTypeAllowed(bucket.allowed_mime_types, contentType)) throw mimeTypeRefused(baseMimeType(contentType))
  // served back as a header on download: printable ASCII only
  if (metadata.cacheControl && !/^[\x20-\x7e]{1,200}$/.test(metadata.cacheControl)) {
    throw invalidRequest('cacheControl must be at most 200 printable characters')
  }
  const upsert = header(call, 'x-upsert') === 'true'
  const upload: StagedUpload = {
    bucketId,
    name,
    upsert,
    contentType,
    cacheControl: metadata.cacheControl
      ? /^\d+$/.test(metadata.cacheControl)
        ? `max-age=${metadata.cacheControl}`
        : metadata.cacheControl
      : DEFAULT_CACHE_CONTROL,
    length,
    role: call.auth?.role ?? 'anon',
    sub: callerOf(call),
    expiresAt: new Date(Date.now() + RESUMABLE_EXPIRY_MS).toISOString(),
  }
  // RLS and the unique name are asked now, so a refused upload is refused before any byte is sent
  await asCaller(
    call,
    (client) =>
      saveObject(client, { bucketId, name, upsert, metadata: metadataOf(upload, 0, ''), ...ownerOf(call.auth) }),
    false,
  )
  const dir = dirOf(call)
  await sweepStaged(dir, isUploadBusy)
  const id = newUploadId()
  await createStaged(dir, id, upload)
  if (length === 0) await finish(call, id, upload)
  return {
    status: 201,
    headers: tusHeaders({
      location: `${call.req.base}/upload/resumable/${id}`,
      'upload-expires': expiresHeader(upload),
      'upload-offset': '0',
    }),
    body: null,
  }
}

const notFound = () => new StorageError(404, 'not_found', 'Upload not found')

/** The caller's upload, or 404 (also for someone else's: its existence is not theirs to know); 410 once expired. */
async function ownUpload(call: StorageCall, id: string): Promise<StagedUpload> {
  const upload = await readStaged(dirOf(call), id)
  if (!upload || upload.role !== (call.auth?.role ?? 'anon') || upload.sub !== callerOf(call)) {
    throw notFound()
  }
  if (isExpired(upload)) {
    if (!busy.has(id)) await removeStaged(dirOf(call), id)
    throw new StorageError(410, 'Gone', 'The upload expired: start it again')
  }
  return upload
}

async function uploadOffset(call: StorageCall, id: string): Promise<StorageResponse> {
  const upload = await ownUpload(call, id)
  return {
    status: 200,
    headers: tusHeaders({
      'upload-offset': String(await stagedOffset(dirOf(call), id)),
      'upload-length': String(upload.length),
      'upload-expires': expiresHeader(upload),
      'cache-control': 'no-store',
    }),
    body: null,
  }
}

async function appendChunk(call: StorageCall, id: string): Promise<StorageResponse> {
  if (baseMimeType(header(call, 'content-type') ?? '') !== CHUNK_CONTENT_TYPE) {
    return tusJson(415, { error: 'UnsupportedMediaType', message: `Chunks must be sent as ${CHUNK_CONTENT_TYPE}` })
  }
  const offset = byteCount(call, 'upload-offset')
  const upload = await ownUpload(call, id)
  if (busy.has(id)) {
    return tusJson(409, { error: 'Conflict', message: 'Another request is writing this upload: wait and resume' })
  }
  busy.add(id)
  try {
    const dir = dirOf(call)
    const current = await stagedOffset(dir, id)
    if (offset !== current) {
      return tusJson(409, { error: 'Conflict', message: `Upload-Offset is ${offset} but the upload is at ${current}` })
    }
    let received = current
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length
        if (received > upload.length) return done(tooLarge(upload.length))
        done(null, chunk)
      },
    })
    try {
      await pipeline(call.req.raw, meter, createWriteStream(stagedFiles(dir, id).data, { flags: 'a' }))
    } catch (error) {
      if (error instanceof StorageError) throw error
      // the connection broke: what was written stays, and the client resumes from it
      if (call.req.raw.destroyed || !call.req.raw.readableEnded) {
        return tusJson(400, { error: 'Interrupted', message: 'The chunk was interrupted: resume from Upload-Offset' })
      }
      throw error
    }
    const now = await stagedOffset(dir, id)
    if (now === upload.length) await finish(call, id, upload)
    return {
      status: 204,
      headers: tusHeaders({ 'upload-offset': String(now), 'upload-expires': expiresHeader(upload) }),
      body: null,
    }
  } finally {
    busy.delete(id)
  }
}

const metadataOf = (upload: StagedUpload, size: number, md5: string): ObjectMetadata => ({
  eTag: `"${md5}"`,
  size,
  mimetype: upload.contentType,
  cacheControl: upload.cacheControl,
  lastModified: new Date().toISOString(),
  contentLength: size,
  httpStatusCode: 200,
})

/**
 * Writes the object from the complete data file. On failure (a name taken meanwhile, RLS) the staged upload
 * stays, complete: a PATCH of zero bytes at its length tries again, a DELETE gives up.
 */
async function finish(call: StorageCall, id: string, upload: StagedUpload): Promise<void> {
  const files = stagedFiles(dirOf(call), id)
  const md5 = await md5Of(files.data)
  const target = paths(call).object(upload.bucketId, upload.name)
  await asCaller(call, async (client) => {
    const metadata = metadataOf(upload, upload.length, md5)
    await saveObject(client, {
      bucketId: upload.bucketId,
      name: upload.name,
      upsert: upload.upsert,
      metadata,
      ...ownerOf(call.auth),
    })
    await placeFile(files.data, target)
  })
  await removeStaged(dirOf(call), id)
}

async function cancelUpload(call: StorageCall, id: string): Promise<StorageResponse> {
  await ownUpload(call, id)
  if (busy.has(id)) {
    return tusJson(409, { error: 'Conflict', message: 'The upload is being written: pause it before cancelling' })
  }
  await removeStaged(dirOf(call), id)
  return { status: 204, headers: tusHeaders(), body: null }
}

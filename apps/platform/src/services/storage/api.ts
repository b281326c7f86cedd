import type { AppContext } from '../../context'
import type { ProjectKeyrings } from '../../control/keys/api-key-keyrings'
import { credentialsOf, type ProjectKeyring } from '../../control/keys/api-key-resolver'
import { authenticate, authenticateBearer } from '../rest/auth'
import { isUpgradeSwitchoverFailure, RestError } from '../rest/errors'
import type { ProjectDirectory } from '../rest/project-directory'
import {
  createBucketRoute,
  deleteBucketRoute,
  emptyBucketRoute,
  getBucketRoute,
  listBucketsRoute,
  updateBucketRoute,
} from './api-buckets'
import { json, type StorageCall, type StorageRequest, type StorageResponse } from './api-call'
import { type DownloadMode, downloadRoute, infoRoute, signManyRoute, signRoute } from './api-downloads'
import { copyRoute, listRoute, moveRoute, removeRoute, unsupported, uploadRoute } from './api-objects'
import { fromPgError, invalidRequest, StorageError } from './errors'
import { storageDatabases } from './project-storage-db'
import { resumableRoute, TUS_VERSION } from './resumable'

/**
 * The Storage API of one project (what `supabase.storage` calls under {project URL}/storage/v1): finds the
 * project, authenticates the caller like the data API (the project's shared key resolver: apikey, then an
 * optional Bearer token), then routes to the bucket, object and download handlers. Public and signed downloads need
 * no key. Every failure is answered as `{ statusCode, error, message }`.
 */
export interface StorageDeps {
  ctx: AppContext
  directory: ProjectDirectory
  /** every project's keys, shared by the services of the process */
  keyrings: ProjectKeyrings
  maxUploadBytes: number
}

export async function handleStorageRequest(deps: StorageDeps, req: StorageRequest): Promise<StorageResponse> {
  let upgrading = false
  try {
    const segments = splitPath(req.path)
    const entry = await deps.directory.get(req.ref)
    const keyring = entry ? await deps.keyrings.get(req.ref) : null
    if (!entry || !keyring) throw new StorageError(404, 'not_found', `Project ${req.ref} not found`)
    const keyless = isKeyless(req.method, segments)
    const auth = keyless ? null : await authenticateCaller(req, keyring, segments[0] === 'upload')
    // an upgrade keeps the old cluster serving on the project's port until its switchover
    upgrading = entry.status === 'UPGRADING'
    if ((entry.status !== 'ACTIVE_HEALTHY' && !upgrading) || entry.port === null) {
      throw new StorageError(503, 'ServiceUnavailable', `Project ${req.ref} is not running (status ${entry.status})`)
    }
    const db = await storageDatabases(deps.ctx).database({
      ref: entry.ref,
      port: entry.port,
      authenticatorPassword: entry.authenticatorPassword,
    })
    const call: StorageCall = { ctx: deps.ctx, req, entry, db, auth, maxUploadBytes: deps.maxUploadBytes }
    return await route(call, segments)
  } catch (error) {
    const storageError =
      upgrading && isUpgradeSwitchoverFailure(error)
        ? new StorageError(503, 'ServiceUnavailable', `Project ${req.ref} is switching to a new Postgres version`)
        : fromPgError(error)
    if (!storageError) throw error
    const answer = json(storageError.status, storageError.toJSON())
    if (upgrading && storageError.status === 503) answer.headers['retry-after'] = '5'

    // TUS clients expect the protocol version on every answer of the resumable endpoint, errors included
    if (req.path.startsWith('/upload/')) answer.headers['tus-resumable'] = TUS_VERSION
    return answer
  }
}

/** Path segments after /storage/v1, percent-decoded (object names may hold encoded characters). */
function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\/+/, '')
  if (trimmed === '') return []
  return trimmed.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment)
    } catch {
      throw invalidRequest('The URL is not correctly percent-encoded')
    }
  })
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/** Public downloads and signed-URL downloads are for anyone who has the URL. */
function isKeyless(method: string, segments: string[]): boolean {
  const [area, kind] = segments
  return area === 'object' && isRead(method) && (kind === 'public' || kind === 'sign') && segments.length >= 4
}

/**
 * `bearerSuffices`: TUS clients are usually given only `authorization` (the hosted product takes a valid project
 * JWT alone there), so on the resumable upload endpoint a Bearer token (a JWT, or a key of the project) is enough.
 */
async function authenticateCaller(req: StorageRequest, keyring: ProjectKeyring, bearerSuffices: boolean) {
  const credentials = credentialsOf(req.headers)
  credentials.apikey ??= req.query.get('apikey') || undefined
  try {
    if (bearerSuffices && credentials.apikey === undefined && credentials.authorization !== undefined) {
      return await authenticateBearer(keyring, credentials.authorization, credentials.userAgent)
    }
    return await authenticate(keyring, credentials)
  } catch (error) {
    if (error instanceof RestError) throw new StorageError(error.status, 'Unauthorized', error.message)
    throw error
  }
}

const notFound = (req: StorageRequest) =>
  new StorageError(404, 'not_found', `No Storage API route for ${req.method} /storage/v1${req.path.split('?')[0]}`)

async function route(call: StorageCall, segments: string[]): Promise<StorageResponse> {
  const { method } = call.req
  const [area, ...rest] = segments
  if (area === 'bucket') return bucketRoute(call, rest)
  if (area === 'upload') return resumableRoute(call, rest)
  if (area !== 'object') throw notFound(call.req)
  const [first, second] = rest
  const nameAfter = (count: number) => rest.slice(count).join('/')
  if (first === 'list' && method === 'POST' && rest.length === 2) return listRoute(call, second as string)
  if (first === 'move' && method === 'POST' && rest.length === 1) return moveRoute(call)
  if (first === 'copy' && method === 'POST' && rest.length === 1) return copyRoute(call)
  if (first === 'upload' && second === 'sign') unsupported('Signed upload URLs')
  if (first === 'sign' && method === 'POST' && rest.length === 2) return signManyRoute(call, second as string)
  if (first === 'sign' && rest.length >= 3) {
    if (method === 'POST') return signRoute(call, second as string, nameAfter(2))
    if (isRead(method)) return downloadRoute(call, 'signed', second as string, nameAfter(2))
  }
  if ((first === 'public' || first === 'authenticated') && rest.length >= 3 && isRead(method)) {
    return downloadRoute(call, first as DownloadMode, second as string, nameAfter(2))
  }
  if (first === 'info' && method === 'GET') {
    const skip = second === 'public' || second === 'authenticated' ? 2 : 1
    if (rest.length > skip + 1) return infoRoute(call, rest[skip] as string, nameAfter(skip + 1))
  }
  if (first !== undefined) {
    if (rest.length === 1 && method === 'DELETE') return removeRoute(call, first)
    if (rest.length >= 2) {
      const name = nameAfter(1)
      if (isRead(method)) return downloadRoute(call, 'authenticated', first, name)
      if (method === 'POST') return uploadRoute(call, first, name, call.req.headers['x-upsert'] === 'true')
      if (method === 'PUT') return uploadRoute(call, first, name, true)
      if (method === 'DELETE') return removeRoute(call, first, name)
    }
  }
  throw notFound(call.req)
}

function bucketRoute(call: StorageCall, rest: string[]): Promise<StorageResponse> {
  const { method } = call.req
  const [id, action] = rest
  if (id === undefined || id === '') {
    if (method === 'GET') return listBucketsRoute(call)
    if (method === 'POST') return createBucketRoute(call)
  } else if (rest.length === 1) {
    if (method === 'GET') return getBucketRoute(call, id)
    if (method === 'PUT') return updateBucketRoute(call, id)
    if (method === 'DELETE') return deleteBucketRoute(call, id)
  } else if (rest.length === 2 && action === 'empty' && method === 'POST') {
    return emptyBucketRoute(call, id)
  }
  throw notFound(call.req)
}

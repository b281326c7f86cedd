import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import type pg from 'pg'
import type { z } from 'zod'
import type { AppContext } from '../../context'
import type { ProjectEntry } from '../rest/project-directory'
import { invalidRequest } from './errors'
import { bucketDir, objectFilePath, uploadTempDir } from './paths'
import { type ProjectStorageDb, SERVICE_ROLE_AUTH, type StorageAuth, withRole } from './project-storage-db'

/** One Storage API request, with what its handlers need: the project, its database, the caller and disk paths. */
export interface StorageRequest {
  ref: string
  method: string
  /** the path after /storage/v1, still percent-encoded, e.g. '/object/avatars/a%20b.png' */
  path: string
  /** the path the API is mounted at, e.g. '/p/{ref}/storage/v1' or '/storage/v1', for URLs it answers with */
  base: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  raw: IncomingMessage
}

export interface StorageResponse {
  status: number
  headers: Record<string, string>
  body: string | Readable | null
}

export interface StorageCall {
  ctx: AppContext
  req: StorageRequest
  entry: ProjectEntry
  db: ProjectStorageDb
  /** the caller: from the apikey and Bearer JWT; null on routes that need none (public and signed downloads) */
  auth: StorageAuth | null
  maxUploadBytes: number
  /** who is calling when the JWT does not say: a dashboard member, who runs as service_role */
  actor?: string
}

export const json = (status: number, value: unknown): StorageResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
})

/** A transaction as the caller (RLS decides); `commit: false` makes it a dry run. */
export function asCaller<T>(call: StorageCall, work: (client: pg.ClientBase) => Promise<T>, commit = true) {
  if (!call.auth) throw new Error('asCaller on a route without a caller')
  return withRole(call.db, call.auth, work, {
    commit,
    method: call.req.method,
    path: call.req.path,
    headers: call.req.headers,
  })
}

/** A transaction as service_role: bucket settings, public and signed downloads. */
export function asService<T>(call: StorageCall, work: (client: pg.ClientBase) => Promise<T>) {
  return withRole(call.db, SERVICE_ROLE_AUTH, work)
}

export const paths = (call: StorageCall) => ({
  bucket: (bucketId: string) => bucketDir(call.ctx.config.dataDir, call.req.ref, bucketId),
  object: (bucketId: string, name: string) => objectFilePath(call.ctx.config.dataDir, call.req.ref, bucketId, name),
  /** the files of rows just deleted; a name written by SQL that is no valid file name never had a file */
  objects: (bucketId: string, names: string[]) =>
    names.flatMap((name) => {
      try {
        return [objectFilePath(call.ctx.config.dataDir, call.req.ref, bucketId, name)]
      } catch {
        return []
      }
    }),
  temp: () => uploadTempDir(call.ctx.config.dataDir, call.req.ref),
})

/** Who owns what the caller creates: the JWT's sub (owner only when it is a UUID, like the hosted product). */
export function ownerOf(auth: StorageAuth | null): { owner: string | null; owner_id: string | null } {
  const sub = typeof auth?.claims.sub === 'string' ? auth.claims.sub : null
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
  return { owner: isUuid ? sub : null, owner_id: sub }
}

const MAX_JSON_BODY_BYTES = 1024 * 1024

/** The JSON body of a request, read from the raw stream (the Storage routes parse nothing up front). */
export async function readJson<S extends z.ZodType>(call: StorageCall, schema: S): Promise<z.infer<S>> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of call.req.raw as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BODY_BYTES) throw invalidRequest('The request body is too large')
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  let value: unknown = {}
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text)
    } catch {
      throw invalidRequest('The request body is not valid JSON')
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw invalidRequest(`${where}${issue?.message ?? 'Invalid request body'}`)
  }
  return parsed.data
}

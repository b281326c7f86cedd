import { PermissionAction, PermissionResource, STORAGE_OBJECT_WRITE_DENIED } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { conflict, notFound } from '../errors'
import { type CallWithParams, serveFile, serveHead } from '../http/typed-routes'
import { ProjectDirectory } from '../services/rest/project-directory'
import type { StorageCall } from '../services/storage/api-call'
import { toHttpError } from '../services/storage/errors'
import { SERVICE_ROLE_AUTH, storageDatabases } from '../services/storage/project-storage-db'
import { resumableRoute, TUS_VERSION } from '../services/storage/resumable'

/**
 * The storage browser's resumable uploads: the project's TUS endpoint, reached with the member's session instead
 * of an API key. The member needs update on storage; the upload then runs as service_role, like the browser's
 * other writes, and only the member who started an upload may continue, inspect or cancel it.
 */
export function storageResumableRoutes(ctx: AppContext) {
  const directory = new ProjectDirectory(ctx.db)

  async function handle({ request, reply, params }: CallWithParams<{ ref: string }>, uploadId?: string) {
    reply.header('tus-resumable', TUS_VERSION)
    const { ref } = params
    const { userId } = requireAuth(request)
    const { row, membership } = await getProjectForUser(ctx, userId, ref)
    assertCan(membership, PermissionAction.UPDATE, PermissionResource.STORAGE, STORAGE_OBJECT_WRITE_DENIED)
    const entry = await directory.get(ref)
    if (!entry) throw notFound(`Project ${ref} not found`)
    if (row.status !== 'ACTIVE_HEALTHY' || row.port === null) {
      throw conflict(`Project ${ref} is not running (status ${row.status})`)
    }
    const base = `/platform/storage/${ref}`
    const queryAt = request.url.indexOf('?')
    const call: StorageCall = {
      ctx,
      req: {
        ref,
        method: request.method,
        path: request.url.slice(base.length, queryAt === -1 ? undefined : queryAt),
        base,
        query: new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1)),
        headers: request.headers,
        raw: request.raw,
      },
      entry,
      db: await storageDatabases(ctx).database({
        ref,
        port: row.port,
        authenticatorPassword: row.authenticator_password,
      }),
      auth: SERVICE_ROLE_AUTH,
      maxUploadBytes: ctx.config.storageMaxUploadBytes,
      actor: `member:${userId}`,
    }
    try {
      const answer = await resumableRoute(call, uploadId === undefined ? ['resumable'] : ['resumable', uploadId])
      reply.status(answer.status).headers(answer.headers)
      return reply.send(answer.body ?? undefined)
    } catch (error) {
      // an error answered before the chunk was read: the client must not keep sending it on this connection
      if (!request.raw.readableEnded) reply.header('connection', 'close')
      throw toHttpError(error)
    }
  }

  return async (app: FastifyInstance) => {
    // chunks stay in the request stream: written to the staging file as they arrive
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))

    serveFile(app, 'POST /platform/storage/{ref}/upload/resumable', (call) => handle(call))
    serveFile(app, 'PATCH /platform/storage/{ref}/upload/resumable/{uploadId}', (call) =>
      handle(call, call.params.uploadId),
    )
    serveFile(app, 'DELETE /platform/storage/{ref}/upload/resumable/{uploadId}', (call) =>
      handle(call, call.params.uploadId),
    )
    // HEAD answers how much of an upload arrived; it has no body and no place in the JSON route table
    serveHead(app, 'PATCH /platform/storage/{ref}/upload/resumable/{uploadId}', (call) =>
      handle(call, call.params.uploadId),
    )
  }
}

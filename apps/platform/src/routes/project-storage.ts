import { randomUUID } from 'node:crypto'
import { ProjectRef } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { ProjectHostResolver } from '../control/custom-domains/host-routing'
import { projectKeyrings } from '../control/keys/api-key-keyrings'
import { isActiveContent, type ServedOn, userContentHeaders } from '../http/user-content'
import { ProjectDirectory } from '../services/rest/project-directory'
import { handleStorageRequest, type StorageDeps } from '../services/storage/api'
import type { StorageResponse } from '../services/storage/api-call'
import { StorageError } from '../services/storage/errors'
import { isUploadBusy, TUS_EXTENSIONS, TUS_VERSION } from '../services/storage/resumable'
import { sweepAllStaged } from '../services/storage/resumable-staging'
import { allowCors, corsPreflight } from './cors'

/**
 * The per-project Storage API at /p/{ref}/storage/v1/* and, when PGFLEET_DOMAIN is set, {ref}.{domain}/storage/v1/*,
 * mounted like the data API. Bodies are not parsed here: uploads stream from the request to disk, and the
 * handlers read the small JSON bodies themselves.
 */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const ALLOWED_HEADERS =
  'Authorization, apikey, Content-Type, Cache-Control, X-Upsert, X-Metadata, X-Client-Info, Tus-Resumable, ' +
  'Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, X-HTTP-Method-Override'
const EXPOSED_HEADERS =
  'Content-Length, Content-Type, Content-Disposition, ETag, Last-Modified, Cache-Control, Location, ' +
  'Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Upload-Offset, Upload-Length, Upload-Expires'
const corsOnly = corsPreflight(METHODS, ALLOWED_HEADERS)
/** How often resumable uploads past their expiry are removed from every project's staging folder. */
const STALE_UPLOAD_SWEEP_MS = 3600 * 1000

export function projectStorageRoutes(ctx: AppContext) {
  // an OPTIONS request is also how a TUS client discovers the resumable upload endpoint's version and limits
  const preflight = (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('tus-resumable', TUS_VERSION)
      .header('tus-version', TUS_VERSION)
      .header('tus-extension', TUS_EXTENSIONS)
      .header('tus-max-size', String(ctx.config.storageMaxUploadBytes))
    return corsOnly(request, reply)
  }
  return async (app: FastifyInstance) => {
    // besides the sweep of each new upload: a project nobody uploads to again still loses its stale uploads
    const sweeper = setInterval(() => {
      sweepAllStaged(ctx.config.dataDir, isUploadBusy).catch((error: unknown) =>
        ctx.log.warn('sweeping stale resumable uploads failed', { error }),
      )
    }, STALE_UPLOAD_SWEEP_MS)
    sweeper.unref()
    app.addHook('onClose', async () => clearInterval(sweeper))
    const deps: StorageDeps = {
      ctx,
      directory: new ProjectDirectory(ctx.db),
      keyrings: projectKeyrings(ctx),
      maxUploadBytes: ctx.config.storageMaxUploadBytes,
    }

    await app.register(async (storage) => {
      storage.removeAllContentTypeParsers()
      // leave the body in the request stream for the handler
      storage.addContentTypeParser('*', (_request, _payload, done) => done(null))
      storage.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500
        if (status >= 500) {
          const requestId = randomUUID()
          request.log.error({ err: error, requestId }, 'storage API error')
          return send(request, reply, {
            status: 500,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({
              ...new StorageError(500, 'internal', 'Something went wrong on the server').toJSON(),
              requestId,
            }),
          })
        }
        const body = new StorageError(status, 'InvalidRequest', error.message).toJSON()
        return send(request, reply, {
          status,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      })

      const handle =
        (
          servedOn: ServedOn,
          refOf: (request: FastifyRequest) => string | null | Promise<string | null>,
          prefixOf: (ref: string) => string,
        ) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const ref = await refOf(request)
          const queryAt = request.url.indexOf('?')
          const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt)
          if (!ref) {
            const body = new StorageError(404, 'not_found', 'Invalid project in the request URL').toJSON()
            return send(request, reply, { status: 404, headers: {}, body: JSON.stringify(body) })
          }
          const response = await handleStorageRequest(deps, {
            ref,
            method: request.method,
            path: pathname.slice(prefixOf(ref).length) || '/',
            base: prefixOf(ref),
            query: new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1)),
            headers: request.headers,
            raw: request.raw,
          })
          return send(request, reply, asUserContent(response, servedOn))
        }

      const byPath = handle(
        'platform-origin',
        (request) => {
          const { ref } = request.params as { ref: string }
          return ProjectRef.safeParse(ref).success ? ref : null
        },
        (ref) => `/p/${ref}/storage/v1`,
      )
      for (const url of ['/p/:ref/storage/v1', '/p/:ref/storage/v1/*']) {
        storage.route({ method: [...METHODS], url, handler: byPath, exposeHeadRoute: false })
        storage.options(url, preflight)
      }

      // {ref}.{PGFLEET_DOMAIN} and active custom hostnames, as for the data API
      const hosts = new ProjectHostResolver(ctx.db, ctx.config.domain)
      const byHost = handle(
        'project-host',
        (request) => hosts.refOf(request.headers.host),
        () => '/storage/v1',
      )
      for (const url of ['/storage/v1', '/storage/v1/*']) {
        storage.route({ method: [...METHODS], url, handler: byHost, exposeHeadRoute: false })
        storage.options(url, preflight)
      }
    })
  }
}

/** Every answer carries CORS headers; an error answered before an upload's body was read closes the connection. */
function send(request: FastifyRequest, reply: FastifyReply, response: StorageResponse) {
  reply.status(response.status).headers(response.headers)
  allowCors(reply, EXPOSED_HEADERS)
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0
  if (response.status >= 400 && hasBody && !request.raw.readableEnded) reply.header('connection', 'close')
  if (!reply.hasHeader('content-type') && typeof response.body === 'string') {
    reply.header('content-type', 'application/json; charset=utf-8')
  }
  return reply.send(response.body ?? undefined)
}

/**
 * Objects never run as the dashboard's origin: every answer gets the user-content headers, and on the platform's
 * origin an object a browser could run (HTML, SVG, XML, ...) is sent as an attachment.
 */
function asUserContent(response: StorageResponse, servedOn: ServedOn): StorageResponse {
  const headers = { ...response.headers, ...userContentHeaders(servedOn) }
  const isObject = response.body !== null && typeof response.body !== 'string'
  if (servedOn === 'platform-origin' && isObject && isActiveContent(headers['content-type'])) {
    if (!headers['content-disposition']?.startsWith('attachment')) headers['content-disposition'] = 'attachment'
  }
  return { ...response, headers }
}

import { EDGE_FUNCTION_SLUG_PATTERN } from '@pgfleet/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { resolveBearer } from '../../../control/keys/api-key-resolver'
import { HttpError } from '../../../errors'
import { droppedTenantResponseHeaders, withoutPlatformCredentials } from '../../../http/platform-credentials'
import { type ServedOn, userContentHeaders } from '../../../http/user-content'
import type { EdgeFunctionsRuntime } from './edge-runtime'
import { proxyToWorker, sendRuntimeError } from './proxy'
import { WorkerStartError } from './worker'
import { WorkerLimitError } from './worker-slots'

const FUNCTIONS_PREFIX = '/functions/v1'
/** What a call refused for the worker caps tells the client to wait before trying again. */
const WORKER_LIMIT_RETRY_AFTER_S = 1

/** `/{slug}[/rest][?query]` from the raw URL (kept encoded as the client sent it). */
export function functionPath(rawUrl: string): string | null {
  const at = rawUrl.indexOf(`${FUNCTIONS_PREFIX}/`)
  return at === -1 ? null : rawUrl.slice(at + FUNCTIONS_PREFIX.length)
}

/**
 * With verify_jwt, the caller needs a JWT signed with the project's secret in `Authorization` (a user's token, or a
 * legacy key while those are on); a publishable or secret key is not a JWT and is refused there. The project's
 * shared resolver decides.
 */
async function assertAuthorized(runtime: EdgeFunctionsRuntime, request: FastifyRequest, ref: string): Promise<void> {
  const authorization = request.headers.authorization
  if (!authorization) throw new HttpError(401, 'Missing authorization header')
  const keyring = await runtime.keyrings.get(ref)
  if (!keyring) throw new HttpError(404, 'Project not found')
  const resolution = await resolveBearer(keyring, authorization, {
    userAgent: request.headers['user-agent'],
    apiKeys: 'refuse',
  })
  if (!resolution.ok) {
    // the hosted functions' words for a JWT that does not verify
    if (resolution.code === 'invalid_jwt') throw new HttpError(401, 'Invalid JWT')
    throw new HttpError(401, resolution.hint ? `${resolution.message}: ${resolution.hint}` : resolution.message)
  }
}

/**
 * One invocation: find the project and function, check the JWT when the function asks for it, make sure a
 * worker runs the live version, and proxy the request to it. Failures of the platform answer `{ code, message }`;
 * whatever the function answers (errors included) goes back untouched.
 */
export async function invokeFunction(
  runtime: EdgeFunctionsRuntime,
  ref: string | null,
  slug: string,
  request: FastifyRequest,
  reply: FastifyReply,
  servedOn: ServedOn,
): Promise<void> {
  const project = ref ? await runtime.directory.get(ref) : null
  if (!ref || !project) return void sendRuntimeError(reply, 404, 'Project not found')
  if (project.status !== 'ACTIVE_HEALTHY') {
    return void sendRuntimeError(reply, 503, `Project ${ref} is not running (its status is ${project.status})`)
  }
  const row = EDGE_FUNCTION_SLUG_PATTERN.test(slug) ? await runtime.functionRow(ref, slug) : null
  if (!row) return void sendRuntimeError(reply, 404, 'Requested function was not found')
  try {
    // preflight requests carry no credentials: the function answers them (CORS) like on the hosted product
    if (row.verify_jwt && request.method !== 'OPTIONS') await assertAuthorized(runtime, request, ref)
    const spec = await runtime.workerSpec(project, row)
    const worker = await runtime.pool.acquire(spec).catch((error: unknown) => {
      if (error instanceof WorkerStartError) throw new HttpError(503, `Function failed to start: ${error.message}`)
      if (error instanceof WorkerLimitError) {
        reply.header('retry-after', String(WORKER_LIMIT_RETRY_AFTER_S))
        throw new HttpError(503, error.message)
      }
      throw error
    })
    const path = functionPath(request.url) ?? `/${slug}`
    try {
      await proxyToWorker(worker, request, reply, {
        path,
        timeoutMs: runtime.limits.wallClockMs,
        cpuLimitMs: runtime.limits.cpuTimeMs,
        forcedHeaders: userContentHeaders(servedOn),
        requestHeaders: withoutPlatformCredentials(request.headers, servedOn),
        droppedResponseHeaders: droppedTenantResponseHeaders(servedOn),
      })
    } finally {
      runtime.pool.release(worker)
    }
  } catch (error) {
    if (error instanceof HttpError) return void sendRuntimeError(reply, error.statusCode, error.message)
    request.log.error({ err: error }, 'edge function invocation failed')
    return void sendRuntimeError(reply, 500, 'Something went wrong on the server')
  }
}

import http from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FunctionWorker } from './worker'

/** Connection-level headers: they describe one hop and are never forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

/** A JSON answer of the platform itself (not of the function), readable by browsers on any origin. */
export function sendRuntimeError(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .header('access-control-allow-origin', '*')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ code: status, message }))
}

function forwardedHeaders(request: FastifyRequest): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    headers[name] = value
  }
  const forwardedFor = request.headers['x-forwarded-for']
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${request.ip}` : request.ip
  headers['x-forwarded-proto'] = request.protocol
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host
  return headers
}

function responseHeaders(upstream: http.IncomingMessage, forced: Record<string, string>): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name in forced) continue
    headers[name] = value
  }
  return { ...headers, ...forced }
}

/**
 * Streams the request (method, headers, body) to the worker and its answer back, within `timeoutMs`.
 * `path` is what the function sees: `/{slug}[/rest][?query]`, like on the hosted product.
 */
export function proxyToWorker(
  worker: FunctionWorker,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    path,
    timeoutMs,
    forcedHeaders = {},
  }: {
    path: string
    timeoutMs: number
    /** lower-case names: these replace whatever the function answers for them */
    forcedHeaders?: Record<string, string>
  },
): Promise<void> {
  worker.inflight++
  worker.lastUsedAt = Date.now()
  reply.hijack()
  const response = reply.raw
  return new Promise<void>((resolve) => {
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.inflight--
      worker.lastUsedAt = Date.now()
      resolve()
    }
    const fail = (status: number, message: string) => {
      if (!response.headersSent) {
        const body = JSON.stringify({ code: status, message })
        response.writeHead(status, {
          ...forcedHeaders,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'access-control-allow-origin': '*',
        })
        response.end(body)
      } else {
        // the answer already started: all we can do is cut it, so the client sees it incomplete
        response.destroy()
      }
      finish()
    }

    const upstream = http.request({
      host: '127.0.0.1',
      port: worker.port,
      method: request.method,
      path,
      headers: forwardedHeaders(request),
      agent,
    })
    const timer = setTimeout(() => {
      upstream.destroy()
      fail(504, `The function did not answer within ${Math.round(timeoutMs / 1000)} s`)
    }, timeoutMs)

    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, responseHeaders(answer, forcedHeaders))
      answer.pipe(response)
      answer.on('end', finish)
      answer.on('error', () => fail(502, 'The function stopped while answering'))
    })
    upstream.on('error', () => {
      if (!settled) fail(502, 'The function stopped while handling the request')
    })
    // the client went away: stop working on its behalf
    response.on('close', () => {
      if (!settled) {
        upstream.destroy()
        finish()
      }
    })
    request.raw.pipe(upstream)
  })
}

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
  if (reply.sent) {
    // the proxy took the reply over (hijacked it) before failing: answer on the raw response, or cut it
    const response = reply.raw
    if (response.headersSent) return void response.destroy()
    const body = JSON.stringify({ code: status, message })
    response.writeHead(status, {
      'access-control-allow-origin': '*',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    return void response.end(body)
  }
  return reply
    .status(status)
    .header('access-control-allow-origin', '*')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ code: status, message }))
}

function forwardedHeaders(request: FastifyRequest, incoming: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    headers[name] = value
  }
  // a call from one of the project's functions comes through its API socket, a unix socket: it has no address
  const chain = [request.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ')
  if (chain) headers['x-forwarded-for'] = chain
  headers['x-forwarded-proto'] = request.protocol
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host
  return headers
}

function responseHeaders(
  upstream: http.IncomingMessage,
  forced: Record<string, string>,
  dropped: string[],
): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name in forced || dropped.includes(name)) continue
    headers[name] = value
  }
  return { ...headers, ...forced }
}

/** How often the CPU time of a worker with a request in flight is read. */
const CPU_SAMPLE_INTERVAL_MS = 100
/** The status the hosted runtime answers when a worker is stopped for a resource limit. */
export const WORKER_LIMIT_STATUS = 546
export const CPU_LIMIT_MESSAGE = (limitMs: number) =>
  `The function used more than ${limitMs} ms of CPU time for this request and was stopped`
export const MEMORY_LIMIT_MESSAGE = 'The function ran out of its memory and was stopped'
export const WALL_LIMIT_MESSAGE = (limitMs: number) =>
  `The function did not answer within ${Math.round(limitMs / 1000)} s and was stopped`

/**
 * Streams the request (method, headers, body) to the worker and its answer back. `path` is what the function
 * sees: `/{slug}[/rest][?query]`, like on the hosted product. Past `timeoutMs` of wall-clock time (504) or
 * `cpuLimitMs` of the worker's CPU time since the request began (546), the worker is killed: a function stuck in a
 * loop must not keep a core busy. (CPU time is the worker's: requests running at once share the budget.)
 */
export function proxyToWorker(
  worker: FunctionWorker,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    path,
    timeoutMs,
    cpuLimitMs,
    forcedHeaders = {},
    requestHeaders = request.headers,
    droppedResponseHeaders = [],
  }: {
    path: string
    timeoutMs: number
    cpuLimitMs: number
    /** lower-case names: these replace whatever the function answers for them */
    forcedHeaders?: Record<string, string>
    /** what the function is sent of the request's headers (hop-by-hop ones are always left out) */
    requestHeaders?: http.IncomingHttpHeaders
    /** lower-case names: these are left out of the function's answer */
    droppedResponseHeaders?: string[]
  },
): Promise<void> {
  reply.hijack()
  const response = reply.raw
  return new Promise<void>((resolve) => {
    let settled = false
    let limitHit: { status: number; message: string } | null = null
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(cpuWatch)
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
      socketPath: worker.socketPath,
      method: request.method,
      path,
      headers: forwardedHeaders(request, requestHeaders),
      agent,
    })
    const stopFor = (status: number, message: string) => {
      if (settled || limitHit) return
      limitHit = { status, message }
      upstream.destroy()
      fail(status, message)
      void worker.kill()
    }
    const timer = setTimeout(() => stopFor(504, WALL_LIMIT_MESSAGE(timeoutMs)), timeoutMs)
    let cpuAtStart: number | null = null
    void worker.cpuTimeMs().then((cpu) => {
      cpuAtStart = cpu
    })
    const cpuWatch = setInterval(() => {
      void worker.cpuTimeMs().then((cpu) => {
        if (cpu !== null && cpuAtStart !== null && cpu - cpuAtStart > cpuLimitMs) {
          stopFor(WORKER_LIMIT_STATUS, CPU_LIMIT_MESSAGE(cpuLimitMs))
        }
      })
    }, CPU_SAMPLE_INTERVAL_MS)

    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, responseHeaders(answer, forcedHeaders, droppedResponseHeaders))
      answer.pipe(response)
      answer.on('end', finish)
      answer.on('error', () => fail(502, 'The function stopped while answering'))
    })
    upstream.on('error', () => {
      if (settled) return
      // a worker killed by the kernel in the middle of a request ran into its memory cap (or was killed by hand)
      setTimeout(() => {
        if (settled) return
        if (worker.exited && worker.exitSignal?.includes('SIG')) fail(WORKER_LIMIT_STATUS, MEMORY_LIMIT_MESSAGE)
        else fail(502, 'The function stopped while handling the request')
      }, 50)
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

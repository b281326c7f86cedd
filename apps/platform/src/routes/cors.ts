import type { FastifyReply, FastifyRequest } from 'fastify'

/** How long browsers may cache a preflight answer. */
const PREFLIGHT_MAX_AGE_S = 86_400

/**
 * The OPTIONS handler for a browser-facing API open to every origin: the given methods (and OPTIONS), the headers
 * the browser asks for or else `allowedHeaders`.
 */
export function corsPreflight(methods: readonly string[], allowedHeaders: string) {
  const allowedMethods = [...methods, 'OPTIONS'].join(', ')
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const requested = request.headers['access-control-request-headers']
    return reply
      .status(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', allowedMethods)
      .header('access-control-allow-headers', typeof requested === 'string' && requested ? requested : allowedHeaders)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
      .send()
  }
}

/** The CORS headers every answer of such an API carries, errors included, so that browsers can read it. */
export function allowCors(reply: FastifyReply, exposedHeaders: string): void {
  reply.header('access-control-allow-origin', '*')
  reply.header('access-control-expose-headers', exposedHeaders)
}

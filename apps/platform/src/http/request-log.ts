import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * Fastify's request lines, made quieter: one line per answered request at debug (`GET /path 200 1.2 ms`) instead of
 * two at info, and none for its arrival or an unknown route (its line says 404). A request that failed on its way out
 * still says so at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // the line is built only when it is written (debug is off on a production platform); pino says which levels are
    if (!error && (reply.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('debug') === false) return
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`
    if (error) reply.log.error({ err: error }, line)
    else reply.log.debug(line)
  }
}

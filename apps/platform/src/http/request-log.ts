import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'

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
    if (!error && (reply.log as LevelAware).isLevelEnabled?.('debug') === false) return
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`
    if (error) reply.log.error({ err: error }, line)
    else reply.log.debug(line)
  }
}

type WrittenLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type LevelAware = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }

/**
 * A request's logger whose pino child (carrying the request id) is made when it first writes a line: Fastify makes a
 * logger for every request, and at the platform's level nearly every request writes none.
 */
class LazyRequestLogger {
  private made: LevelAware | null = null

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
  ) {}

  private get real(): LevelAware {
    this.made ??= this.parent.child(this.bindings)
    return this.made
  }

  get level(): string {
    return (this.made ?? this.parent).level
  }

  set level(level: string) {
    this.real.level = level
  }

  isLevelEnabled(level: string): boolean {
    const logger = this.made ?? this.parent
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args)
  }
  error(...args: unknown[]): void {
    this.write('error', args)
  }
  warn(...args: unknown[]): void {
    this.write('warn', args)
  }
  info(...args: unknown[]): void {
    this.write('info', args)
  }
  debug(...args: unknown[]): void {
    this.write('debug', args)
  }
  trace(...args: unknown[]): void {
    this.write('trace', args)
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options)
  }

  private write(level: WrittenLevel, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return
    ;(this.real[level] as (...args: unknown[]) => void)(...args)
  }
}

/**
 * Fastify's childLoggerFactory: a LazyRequestLogger for requests of routes without their own log options, the pino
 * child itself otherwise.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options)
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger
}

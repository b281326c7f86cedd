import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino'
import { prettyStream } from './pretty'

/** Structured context of a log line: the project ref, what failed, the error (an Error is serialized). */
export type LogFields = Record<string, unknown>

/** The platform's logger: one per process, on `AppContext` as `ctx.log`; services take a child of it. */
export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  /** a logger whose every line carries these bindings, e.g. `{ component: 'jobs' }` */
  child(bindings: LogFields): Logger
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** 'pretty': pino-pretty's readable lines (for a person at a terminal); 'json': one JSON object a line. */
export const LOG_FORMATS = ['pretty', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export interface LoggerOptions {
  level: LogLevel
  /** when not given: pretty when stdout is a terminal, JSON otherwise */
  format?: LogFormat
  /** where lines go; stdout when not given */
  destination?: { write(line: string): unknown }
}

/** The logger and the pino instance behind it (which Fastify is given so request logs go to the same place). */
export interface PlatformLogger {
  log: Logger
  pino: PinoLogger
}

/** The format for a process whose stdout may or may not be a terminal, unless one is chosen. */
export function defaultLogFormat(chosen?: LogFormat): LogFormat {
  return chosen ?? (process.stdout.isTTY ? 'pretty' : 'json')
}

/** Creates the process's logger: readable lines on a terminal, JSON otherwise. */
export function createLogger(options: LoggerOptions): PlatformLogger {
  const format = defaultLogFormat(options.format)
  const destination: DestinationStream =
    format === 'pretty'
      ? prettyStream(options.destination)
      : options.destination
        ? { write: (line: string) => void options.destination?.write(line) }
        : pino.destination({ dest: 1, sync: true })
  const instance = pino(
    {
      level: options.level,
      // `error` is what services name the failure they log; `err` is what Fastify names it
      serializers: { error: pino.stdSerializers.err, err: pino.stdSerializers.err },
    },
    destination,
  )
  return { log: wrap(instance), pino: instance }
}

/** A logger that drops everything: for tests and code paths that are given none. */
export function silentLogger(): Logger {
  return createLogger({ level: 'silent', format: 'json', destination: { write: () => {} } }).log
}

function wrap(instance: PinoLogger): Logger {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, fields?: LogFields): void => {
      if (fields) instance[level](fields, message)
      else instance[level](message)
    }
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(instance.child(bindings)),
  }
}

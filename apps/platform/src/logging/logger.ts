import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino'
import { compactLine } from './compact-line'

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

export interface LoggerOptions {
  level: LogLevel
  /** 'compact': one readable `[component] message key=value` line (for a terminal); 'json': one JSON object a line */
  format?: 'compact' | 'json'
  /** where lines go; stdout when not given */
  destination?: { write(line: string): unknown }
}

/** The logger and the pino instance behind it (which Fastify is given so request logs go to the same place). */
export interface PlatformLogger {
  log: Logger
  pino: PinoLogger
}

/** Creates the process's logger: compact lines on a terminal, JSON otherwise. */
export function createLogger(options: LoggerOptions): PlatformLogger {
  const format = options.format ?? (process.stdout.isTTY ? 'compact' : 'json')
  const out = options.destination ?? process.stdout
  const destination: DestinationStream =
    format === 'compact'
      ? {
          write(line: string) {
            out.write(`${compactLine(line)}\n`)
          },
        }
      : options.destination
        ? { write: (line: string) => void out.write(line) }
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

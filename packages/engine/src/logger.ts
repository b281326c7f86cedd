/** Fields that go with a log line, e.g. `{ ref, error }`. */
export type EngineLogFields = Record<string, unknown>

/** What the engine writes to; the platform's own logger fits it as it is. */
export interface EngineLogger {
  debug(message: string, fields?: EngineLogFields): void
  warn(message: string, fields?: EngineLogFields): void
}

export const SILENT_ENGINE_LOGGER: EngineLogger = { debug() {}, warn() {} }

/**
 * One per process, like the platform's logger: the engine's helpers (clusters, backups, upgrades) run deep below any
 * object that could carry one. A driver installs the logger its options name; without one the engine stays silent.
 */
let installed: EngineLogger = SILENT_ENGINE_LOGGER

export function useEngineLogger(log: EngineLogger): void {
  installed = log
}

export function engineLogger(): EngineLogger {
  return installed
}

/** Logs, at debug, an error the engine ignores on purpose, with why ignoring it is right. */
export function logIgnoredError(reason: string, error: unknown, fields?: EngineLogFields): void {
  installed.debug(reason, { ...fields, error })
}

/** A `.catch` handler for an error the engine ignores on purpose: the work goes on, and the error is logged at debug. */
export function ignoredError(reason: string, fields?: EngineLogFields): (error: unknown) => void {
  return (error) => logIgnoredError(reason, error, fields)
}

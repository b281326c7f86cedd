import { loadConfig } from './config'
import { createLogger, type Logger } from './logging/logger'
import { type RunningPlatform, startPlatform } from './platform'
import { InstanceLockError } from './system/process/instance-lock'

/** A stop that has not finished by then (a stuck server) ends the process anyway, with a failure code. */
const SHUTDOWN_DEADLINE_MS = 30_000
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** The process's logger, once the configuration (its level) is read; before that, failures go to the console. */
let log: Logger | null = null

/**
 * Entry point of `npm start`: serve until stopped, then stop every Postgres process this platform started.
 * SIGINT, SIGTERM or SIGHUP, sent once or many times, to this process or to its whole process group (what a
 * service manager does), all run the same orderly shutdown once; signals arriving during it are noted, not obeyed.
 * Postmasters and function workers run in sessions of their own, so a group signal reaches only this process.
 */
async function main(): Promise<void> {
  const config = loadConfig()
  const logger = createLogger({ level: config.logLevel, format: config.logFormat })
  const processLog = logger.log
  log = processLog
  let platform: RunningPlatform | null = null
  let stopping: Promise<void> | null = null
  const shutdown = (signal: string) => {
    if (stopping) {
      processLog.info(`${signal}: already stopping`)
      return
    }
    processLog.info(`${signal}: stopping projects and the control plane…`)
    const force = setTimeout(() => {
      processLog.error('the shutdown did not finish in time; exiting')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS)
    force.unref()
    stopping = (async () => {
      // a signal during the start waits for it: what it started must be stopped too; a failed start was
      // reported by main's own catch, and there is nothing to stop
      await starting.catch(() => {})
      await platform?.stop()
      process.exit(0)
    })()
  }
  for (const signal of STOP_SIGNALS) process.on(signal, () => shutdown(signal))

  const starting = startPlatform(config, logger)
  platform = await starting
  if (stopping) return
  try {
    await platform.app.listen({ port: config.port, host: config.host })
  } catch (error) {
    processLog.error(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`)
    await platform.stop()
    process.exit(1)
  }
  const address = platform.app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  processLog.info(`dashboard and API on http://${config.host}:${port} (Node ${process.versions.node})`)
}

main().catch((error) => {
  const message = error instanceof InstanceLockError ? error.message : `failed to start: ${(error as Error).message}`
  if (log) log.error(message)
  else console.error(`[pgfleet] ${message}`)
  process.exit(1)
})

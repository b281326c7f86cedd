import { loadConfig } from './config'
import { startPlatform } from './platform'

/** Entry point of `npm start`: serve until Ctrl+C, then stop every Postgres process this platform started. */
async function main(): Promise<void> {
  const config = loadConfig()
  const platform = await startPlatform(config)
  const shutdown = async (signal: string) => {
    console.log(`[pgfleet] ${signal}: stopping projects and the control plane…`)
    const force = setTimeout(() => process.exit(1), 30_000)
    force.unref()
    await platform.stop()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  try {
    await platform.app.listen({ port: config.port, host: config.host })
  } catch (error) {
    console.error(`[pgfleet] could not listen on ${config.host}:${config.port}: ${(error as Error).message}`)
    await platform.stop()
    process.exit(1)
  }
  const address = platform.app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`[pgfleet] dashboard and API on http://${config.host}:${port}`)
}

main().catch((error) => {
  console.error(`[pgfleet] failed to start: ${(error as Error).message}`)
  process.exit(1)
})

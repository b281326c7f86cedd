import pg from 'pg'

/**
 * A client committing one small transaction after another for as long as it runs, reconnecting when cut off:
 * what an application does while its database is being moved. It reports which attempts committed and the
 * longest time between two commits (how long writes were blocked).
 */
export function startCommittingClient(
  connection: pg.ClientConfig,
  commit: (client: pg.Client, attempt: number) => Promise<void>,
) {
  let stopping = false
  let attempts = 0
  let lastOk = performance.now()
  let longestGapMs = 0
  const committed: number[] = []
  const running = (async () => {
    let client: pg.Client | null = null
    while (!stopping) {
      try {
        if (!client) {
          client = new pg.Client({ connectionTimeoutMillis: 2_000, ...connection })
          client.on('error', () => {})
          await client.connect()
        }
        const attempt = ++attempts
        await commit(client, attempt)
        committed.push(attempt)
        const now = performance.now()
        longestGapMs = Math.max(longestGapMs, now - lastOk)
        lastOk = now
      } catch {
        await client?.end().catch(() => {})
        client = null
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    await client?.end().catch(() => {})
  })()
  return {
    async stop() {
      stopping = true
      await running
      return { committed, longestGapMs }
    },
  }
}

import { withClient } from './client'
import { readPidFile } from './pid-file'
import type { ClusterLocation } from './types'

export const DEFAULT_CHECKPOINT_TIMEOUT_MS = 120_000

/**
 * Runs CHECKPOINT on a running server. Before a stop this moves the writing of dirty buffers out of the
 * shutdown checkpoint, i.e. out of the time the server refuses connections. Best effort: false when the
 * server is not running or the checkpoint failed or timed out (the stop then writes them instead).
 */
export async function checkpointCluster(
  location: ClusterLocation,
  timeoutMs = DEFAULT_CHECKPOINT_TIMEOUT_MS,
): Promise<boolean> {
  const pidFile = await readPidFile(location.dataDir)
  if (pidFile?.status !== 'ready') return false
  const target = { socketDir: pidFile.socketDir || location.socketDir, port: pidFile.port || location.port }
  return withClient(target, (client) => client.query('CHECKPOINT'), {
    connectionTimeoutMillis: 2_000,
    queryTimeoutMillis: timeoutMs,
  }).then(
    () => true,
    () => false,
  )
}

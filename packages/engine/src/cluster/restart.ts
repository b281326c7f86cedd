import { type StartClusterOptions, type StartClusterResult, startCluster } from './start'
import { stopCluster } from './stop'
import type { ClusterSpec } from './types'

/** Fast stop (when running) then start; settings written with writeClusterSettings take effect here. */
export async function restartCluster(
  spec: ClusterSpec,
  options: StartClusterOptions = {},
): Promise<StartClusterResult> {
  await stopCluster(spec, 'fast')
  return startCluster(spec, options)
}

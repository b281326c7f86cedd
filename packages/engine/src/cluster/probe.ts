import { serverAnswers } from './client'
import { clusterPid } from './pid-file'
import type { ClusterHealth, ClusterLocation } from './types'

export const DEFAULT_PROBE_TIMEOUT_MS = 2_000

/** 'down' without a live postmaster, 'ready' when it answers SELECT 1 in time, else 'starting'. */
export async function probeCluster(
  spec: ClusterLocation,
  timeoutMs = DEFAULT_PROBE_TIMEOUT_MS,
): Promise<ClusterHealth> {
  if ((await clusterPid(spec)) === null) return 'down'
  const answered = await serverAnswers(spec, timeoutMs)
  return answered ? 'ready' : 'starting'
}

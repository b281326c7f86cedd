import { REQUIRED_VALUE_MESSAGES, type UpgradeStatus } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** The upgrade screen asks for the status this often while the upgrade runs. */
export const UPGRADE_STATUS_POLL_INTERVAL_MS = 5000

export async function getUpgradeStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/upgrade/status', { params: { ref }, signal })
}

/** The project's latest upgrade, polled every 5 s until it is Upgraded or Failed. */
export function useUpgradeStatusQuery({ ref }: { ref: string | undefined }, options: QueryOptions<UpgradeStatus> = {}) {
  return useQuery({
    ...options,
    queryKey: projectKeys.upgradeStatus(ref),
    queryFn: ({ signal }) => getUpgradeStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
    refetchInterval: (query) =>
      query.state.data?.status === 'Upgrading' || query.state.error ? UPGRADE_STATUS_POLL_INTERVAL_MS : false,
  })
}

import { REQUIRED_VALUE_MESSAGES, type UpgradeEligibility } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

export async function getUpgradeEligibility({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/upgrade/eligibility', { params: { ref }, signal })
}

export function useUpgradeEligibilityQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<UpgradeEligibility> = {},
) {
  return useQuery({
    ...options,
    queryKey: projectKeys.upgradeEligibility(ref),
    queryFn: ({ signal }) => getUpgradeEligibility({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

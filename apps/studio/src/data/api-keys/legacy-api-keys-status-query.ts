import { type LegacyApiKeysResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { apiKeysKeys } from './keys'

/** Whether the project still accepts its legacy JWT keys (anon, service_role). */
export async function getLegacyApiKeysStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/api-keys/legacy', { params: { ref }, signal })
}

export function useLegacyApiKeysStatusQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<LegacyApiKeysResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: apiKeysKeys.legacyStatus(ref),
    queryFn: ({ signal }) => getLegacyApiKeysStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

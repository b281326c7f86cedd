import { type ApiKey, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

/** The project's API keys: anon always, service_role only for members allowed to read it. */
export async function getApiKeys({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/api-keys', { params: { ref }, signal })
}

export function useApiKeysQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ApiKey[]> = {}) {
  return useQuery({
    ...options,
    queryKey: configKeys.apiKeys(ref),
    queryFn: ({ signal }) => getApiKeys({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import { type ApiKeyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { apiKeysKeys } from './keys'

/**
 * Every key of the project: the legacy anon key (and service_role for members who may read it), the publishable
 * keys, and the secret keys masked (see api-key-reveal-query.ts for a secret key's value).
 */
export async function getApiKeys({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/api-keys', { params: { ref }, signal })
}

export function useApiKeysQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ApiKeyResponse[]> = {}) {
  return useQuery({
    ...options,
    queryKey: apiKeysKeys.list(ref),
    queryFn: ({ signal }) => getApiKeys({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

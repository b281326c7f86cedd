import { type ApiKeyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { apiKeysKeys } from './keys'

/** One secret key with its value: asked only when a member reveals it, and never kept once it is hidden. */
export async function getRevealedApiKey({ ref, id }: { ref: string | undefined; id: string }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/api-keys/{id}', { params: { ref, id }, query: { reveal: 'true' }, signal })
}

export function useRevealedApiKeyQuery(
  { ref, id }: { ref: string | undefined; id: string },
  options: QueryOptions<ApiKeyResponse> = {},
) {
  return useQuery({
    // a revealed secret is not cached after its row stops showing it
    gcTime: 0,
    ...options,
    queryKey: apiKeysKeys.revealed(ref, id),
    queryFn: ({ signal }) => getRevealedApiKey({ ref, id }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import type { CheckApiKeyResponse } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { assistantKeys } from './keys'

/** Whether the assistant can answer for the project: a model key, not disabled, and whether metadata may leave. */
export async function checkAssistantApiKey({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  return api('GET /api/ai/sql/check-api-key', { query: { projectRef: ref }, signal })
}

export function useCheckApiKeyQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<CheckApiKeyResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: assistantKeys.apiKey(ref),
    queryFn: ({ signal }) => checkAssistantApiKey({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

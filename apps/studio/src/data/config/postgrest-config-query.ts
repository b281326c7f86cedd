import { type PostgrestConfigResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

/** The data API configuration, with the JWT secret; only for members with read on service API keys. */
export async function getPostgrestConfig({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/config/postgrest', { params: { ref }, signal })
}

export function usePostgrestConfigQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<PostgrestConfigResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: configKeys.postgrest(ref),
    queryFn: ({ signal }) => getPostgrestConfig({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

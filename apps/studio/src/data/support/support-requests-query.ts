import { REQUIRED_VALUE_MESSAGES, type SupportRequest } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { supportKeys } from './keys'

/** Only organization owners may read these. */
export async function getSupportRequests({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('GET /platform/organizations/{slug}/support-requests', { params: { slug }, signal })
}

export function useSupportRequestsQuery(
  { slug }: { slug: string | undefined },
  options: QueryOptions<SupportRequest[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: supportKeys.requests(slug),
    queryFn: ({ signal }) => getSupportRequests({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

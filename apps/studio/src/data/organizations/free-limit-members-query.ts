import { type FreeLimitMember, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

/** Owners and administrators of the organization who reached their free project limit. */
export async function getFreeLimitMembers({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('GET /platform/organizations/{slug}/members/reached-free-project-limit', { params: { slug }, signal })
}

export function useFreeLimitMembersQuery(
  { slug }: { slug: string | undefined },
  options: QueryOptions<FreeLimitMember[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.freeLimitMembers(slug),
    queryFn: ({ signal }) => getFreeLimitMembers({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

import { type Member, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

export async function getMembers({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('GET /platform/organizations/{slug}/members', { params: { slug }, signal })
}

export function useMembersQuery({ slug }: { slug: string | undefined }, options: QueryOptions<Member[]> = {}) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.members(slug),
    queryFn: ({ signal }) => getMembers({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

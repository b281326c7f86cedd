import { type Invitation, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

export async function getInvitations({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return fetcher<Invitation[]>(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations`, { signal })
}

export function useInvitationsQuery({ slug }: { slug: string | undefined }, options: QueryOptions<Invitation[]> = {}) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.invitations(slug),
    queryFn: ({ signal }) => getInvitations({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

import { type Invitation, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

export async function getInvitations({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('GET /platform/organizations/{slug}/members/invitations', { params: { slug }, signal })
}

export function useInvitationsQuery({ slug }: { slug: string | undefined }, options: QueryOptions<Invitation[]> = {}) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.invitations(slug),
    queryFn: ({ signal }) => getInvitations({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

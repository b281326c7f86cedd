import { REQUIRED_VALUE_MESSAGES, type Subscription } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

export async function getSubscription({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('GET /platform/organizations/{slug}/billing/subscription', { params: { slug }, signal })
}

export function useSubscriptionQuery({ slug }: { slug: string | undefined }, options: QueryOptions<Subscription> = {}) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.subscription(slug),
    queryFn: ({ signal }) => getSubscription({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

import { type PlanId, REQUIRED_VALUE_MESSAGES, type Subscription } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type SubscriptionUpdateVariables = { slug: string; plan: PlanId }

export async function updateSubscription({ slug, plan }: SubscriptionUpdateVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('PUT /platform/organizations/{slug}/billing/subscription', { params: { slug }, body: { plan } })
}

export function useSubscriptionUpdateMutation(
  options: MutationOptions<Subscription, SubscriptionUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateSubscription,
    onSuccess: (subscription, variables, ...rest) => {
      queryClient.setQueryData(organizationKeys.subscription(variables.slug), subscription)
      // The organization's plan and the free-limit check follow the subscription.
      void queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      void queryClient.invalidateQueries({ queryKey: organizationKeys.freeLimitMembers(variables.slug) })
      return options.onSuccess?.(subscription, variables, ...rest)
    },
  })
}

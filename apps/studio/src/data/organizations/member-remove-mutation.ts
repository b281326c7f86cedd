import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type MemberRemoveVariables = { slug: string; userId: number }

export async function removeMember({ slug, userId }: MemberRemoveVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return fetcher<Record<string, never>>(`/platform/organizations/${encodeURIComponent(slug)}/members/${userId}`, {
    method: 'DELETE',
  })
}

export function useMemberRemoveMutation(options: MutationOptions<Record<string, never>, MemberRemoveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: removeMember,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.members(variables.slug) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

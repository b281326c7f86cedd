import { type EmptyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type MemberRemoveVariables = { slug: string; userId: number }

export async function removeMember({ slug, userId }: MemberRemoveVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('DELETE /platform/organizations/{slug}/members/{userId}', { params: { slug, userId } })
}

export function useMemberRemoveMutation(options: MutationOptions<EmptyResponse, MemberRemoveVariables> = {}) {
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

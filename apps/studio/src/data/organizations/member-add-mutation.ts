import { type AddMemberResponse, REQUIRED_VALUE_MESSAGES, type RoleName } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type MemberAddVariables = { slug: string; email: string; roleName: RoleName }

/** Adds a registered user at once; anyone else gets an invitation that signing up accepts. */
export async function addMember({ slug, email, roleName }: MemberAddVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('POST /platform/organizations/{slug}/members', { params: { slug }, body: { email, role_name: roleName } })
}

export function useMemberAddMutation(options: MutationOptions<AddMemberResponse, MemberAddVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: addMember,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({
        queryKey:
          answer.kind === 'member'
            ? organizationKeys.members(variables.slug)
            : organizationKeys.invitations(variables.slug),
      })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

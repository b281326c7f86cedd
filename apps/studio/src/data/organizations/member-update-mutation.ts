import { type Member, REQUIRED_VALUE_MESSAGES, type RoleName } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { permissionKeys } from '../permissions/keys'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type MemberUpdateVariables = { slug: string; userId: number; roleName: RoleName }

export async function updateMember({ slug, userId, roleName }: MemberUpdateVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.organizationSlug)
  return api('PATCH /platform/organizations/{slug}/members/{userId}', {
    params: { slug, userId },
    body: { role_name: roleName },
  })
}

export function useMemberUpdateMutation(options: MutationOptions<Member, MemberUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateMember,
    onSuccess: async (member, variables, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.members(variables.slug) }),
        // The user may have changed their own role.
        queryClient.invalidateQueries({ queryKey: permissionKeys.list() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
      ])
      return options.onSuccess?.(member, variables, ...rest)
    },
  })
}

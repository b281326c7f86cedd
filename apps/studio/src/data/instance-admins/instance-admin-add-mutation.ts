import type { AddInstanceAdminBody, InstanceAdmin } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { instanceAdminKeys } from './keys'

/** Makes an existing user (by email) an instance administrator. */
export async function addInstanceAdmin(variables: AddInstanceAdminBody) {
  return api('POST /platform/instance-admins', { body: variables })
}

export function useInstanceAdminAddMutation(options: MutationOptions<InstanceAdmin, AddInstanceAdminBody> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: addInstanceAdmin,
    onSuccess: async (admin, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: instanceAdminKeys.list() })
      return options.onSuccess?.(admin, ...rest)
    },
  })
}

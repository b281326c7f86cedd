import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { instanceAdminKeys } from './keys'

export type InstanceAdminRemoveVariables = { userId: number }

/** Makes a user an instance administrator no more (never oneself). */
export async function removeInstanceAdmin({ userId }: InstanceAdminRemoveVariables) {
  return api('DELETE /platform/instance-admins/{userId}', { params: { userId } })
}

export function useInstanceAdminRemoveMutation(options: MutationOptions<unknown, InstanceAdminRemoveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: removeInstanceAdmin,
    onSuccess: async (answer, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: instanceAdminKeys.list() })
      return options.onSuccess?.(answer, ...rest)
    },
  })
}

import { type DatabaseExtension, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { invalidateAfterExtensionChange } from './invalidate'

export type DatabaseExtensionDisableVariables = { ref: string | undefined; name: string }

/** DROP EXTENSION ... RESTRICT: refused (409) while objects depend on it, with their list in the message. */
export async function disableDatabaseExtension({ ref, name }: DatabaseExtensionDisableVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/projects/{ref}/extensions/{name}', { params: { ref, name } })
}

export function useDatabaseExtensionDisableMutation(
  options: MutationOptions<DatabaseExtension, DatabaseExtensionDisableVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: disableDatabaseExtension,
    onSettled: async (...args) => {
      await invalidateAfterExtensionChange(queryClient, args[2].ref)
      return options.onSettled?.(...args)
    },
  })
}

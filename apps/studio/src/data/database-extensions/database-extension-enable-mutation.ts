import { type DatabaseExtension, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { invalidateAfterExtensionChange } from './invalidate'

export type DatabaseExtensionEnableVariables = { ref: string | undefined; name: string; schema?: string }

/** Trusted extensions are created as the project's postgres role; allow-listed ones by the platform. */
export async function enableDatabaseExtension({ ref, name, schema }: DatabaseExtensionEnableVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/extensions', {
    params: { ref },
    body: schema === undefined ? { name } : { name, schema },
  })
}

export function useDatabaseExtensionEnableMutation(
  options: MutationOptions<DatabaseExtension, DatabaseExtensionEnableVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: enableDatabaseExtension,
    onSettled: async (...args) => {
      await invalidateAfterExtensionChange(queryClient, args[2].ref)
      return options.onSettled?.(...args)
    },
  })
}

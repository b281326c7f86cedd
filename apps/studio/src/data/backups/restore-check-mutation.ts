import { type EmptyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { backupKeys } from './keys'

export type RestoreCheckVariables = { ref: string | undefined }

/** Queues a restore check of the newest backup (202); the schedule query follows it until it has a result. */
export async function startRestoreCheck({ ref }: RestoreCheckVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/database/{ref}/backups/restore-check', { params: { ref } })
}

export function useRestoreCheckMutation(options: MutationOptions<EmptyResponse, RestoreCheckVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: startRestoreCheck,
    onSuccess: (answer, variables, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: backupKeys.schedule(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

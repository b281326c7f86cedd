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
    onSettled: (...args) => {
      // a refusal (409) means the scheduler started a restore check first: reading the schedule again shows it running
      void queryClient.invalidateQueries({ queryKey: backupKeys.schedule(args[2].ref) })
      return options.onSettled?.(...args)
    },
  })
}

import { type EmptyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { backupKeys } from './keys'

export type BackupCreateVariables = { ref: string | undefined }

/** Queues a backup of the running project now (202); the schedule query follows it while it runs. */
export async function createBackup({ ref }: BackupCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/database/{ref}/backups', { params: { ref } })
}

export function useBackupCreateMutation(options: MutationOptions<EmptyResponse, BackupCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createBackup,
    onSettled: (...args) => {
      // a refusal (409) means the scheduler started a backup first: reading the schedule again shows it running
      void queryClient.invalidateQueries({ queryKey: backupKeys.schedule(args[2].ref) })
      return options.onSettled?.(...args)
    },
  })
}

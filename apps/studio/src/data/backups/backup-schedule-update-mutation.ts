import { type BackupSchedule, REQUIRED_VALUE_MESSAGES, type UpdateBackupScheduleBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { backupKeys } from './keys'

export type BackupScheduleUpdateVariables = { ref: string | undefined } & UpdateBackupScheduleBody

export async function updateBackupSchedule({ ref, ...body }: BackupScheduleUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PUT /platform/database/{ref}/backups/schedule', { params: { ref }, body })
}

export function useBackupScheduleUpdateMutation(
  options: MutationOptions<BackupSchedule, BackupScheduleUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateBackupSchedule,
    onSuccess: (schedule, variables, ...rest) => {
      queryClient.setQueryData(backupKeys.schedule(variables.ref), schedule)
      // a shorter retention may have pruned some
      void queryClient.invalidateQueries({ queryKey: backupKeys.downloadable(variables.ref) })
      return options.onSuccess?.(schedule, variables, ...rest)
    },
  })
}

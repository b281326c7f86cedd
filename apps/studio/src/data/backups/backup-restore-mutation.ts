import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { applyProjectOperationResult } from '../projects/project-operation-cache'
import type { MutationOptions } from '../types'

export type BackupRestoreVariables = { ref: string | undefined; id: number }

/** Puts the backup back in place of the live data; the project answers RESTORING until it is done. */
export async function restoreBackup({ ref, id }: BackupRestoreVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/database/{ref}/backups/restore-physical', { params: { ref }, body: { id } })
}

export function useBackupRestoreMutation(options: MutationOptions<Project, BackupRestoreVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: restoreBackup,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}

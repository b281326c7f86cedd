import { type Backup, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

/** The listed backup, or only its id when that is all the caller knows (the latest one of a paused project). */
export type BackupDownloadVariables = {
  ref: string | undefined
  backup: Pick<Backup, 'id'> & Partial<Backup>
}

/** Asks for a download address of the backup archive; the caller hands it to the browser. */
export async function createBackupDownload({ ref, backup }: BackupDownloadVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/database/{ref}/backups/download', { params: { ref }, body: backup })
}

export function useBackupDownloadMutation(options: MutationOptions<{ fileUrl: string }, BackupDownloadVariables> = {}) {
  return useMutation({ ...options, mutationFn: createBackupDownload })
}

import { type BackupSchedule, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { backupKeys } from './keys'

/** While a backup is queued or running, the schedule (and the list) is read again this often. */
export const BACKUP_IN_PROGRESS_POLL_INTERVAL_MS = 2000

export async function getBackupSchedule({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/database/{ref}/backups/schedule', { params: { ref }, signal })
}

export function useBackupScheduleQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<BackupSchedule> = {},
) {
  return useQuery({
    ...options,
    queryKey: backupKeys.schedule(ref),
    queryFn: ({ signal }) => getBackupSchedule({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
    refetchInterval: (query) => {
      const data = query.state.data
      const checking =
        data?.restore_check !== null && data?.restore_check !== undefined && data.restore_check.ok === null
      return data?.in_progress || checking ? BACKUP_IN_PROGRESS_POLL_INTERVAL_MS : false
    },
  })
}

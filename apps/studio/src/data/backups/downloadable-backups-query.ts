import { type DownloadableBackupsResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { backupKeys } from './keys'

export async function getDownloadableBackups({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/database/{ref}/backups/downloadable-backups', { params: { ref }, signal })
}

export function useDownloadableBackupsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<DownloadableBackupsResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: backupKeys.downloadable(ref),
    queryFn: ({ signal }) => getDownloadableBackups({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

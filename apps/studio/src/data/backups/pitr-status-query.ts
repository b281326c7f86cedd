import { type PitrStatus, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { backupKeys } from './keys'

/** While the window has not opened yet (the first base backup runs), it is read again this often. */
export const PITR_OPENING_POLL_INTERVAL_MS = 2000

export async function getPitrStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/database/{ref}/backups/pitr', { params: { ref }, signal })
}

export function usePitrStatusQuery({ ref }: { ref: string | undefined }, options: QueryOptions<PitrStatus> = {}) {
  return useQuery({
    ...options,
    queryKey: backupKeys.pitr(ref),
    queryFn: ({ signal }) => getPitrStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
    refetchInterval: (query) =>
      query.state.data?.enabled && !query.state.data.earliest_recovery_time ? PITR_OPENING_POLL_INTERVAL_MS : false,
  })
}

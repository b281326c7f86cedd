import { type PauseStatus, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

export async function getProjectPauseStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/pause/status', { params: { ref }, signal })
}

export function useProjectPauseStatusQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<PauseStatus> = {},
) {
  return useQuery({
    ...options,
    queryKey: projectKeys.pauseStatus(ref),
    queryFn: ({ signal }) => getProjectPauseStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import { type PauseStatus, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

export async function getProjectPauseStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return fetcher<PauseStatus>(`/platform/projects/${encodeURIComponent(ref)}/pause/status`, { signal })
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

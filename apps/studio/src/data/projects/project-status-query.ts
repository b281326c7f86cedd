import { type ProjectStatusResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** Status screens poll with a short timeout so a hung request never delays the next poll. */
export const PROJECT_STATUS_TIMEOUT_MS = 2000

export async function getProjectStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/status', { params: { ref }, signal, timeoutMs: PROJECT_STATUS_TIMEOUT_MS })
}

export function useProjectStatusQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<ProjectStatusResponse> = {},
) {
  return useQuery({
    retry: false,
    ...options,
    queryKey: projectKeys.status(ref),
    queryFn: ({ signal }) => getProjectStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

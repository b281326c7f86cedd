import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** The connecting screen's probe gives up after this long, so a hung request never delays the next one. */
export const REST_AVAILABILITY_TIMEOUT_MS = 2000

/** Answers when the project's REST service does; the answer itself (its API definitions) is not used here. */
export async function getProjectRestAvailability({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  await api('GET /platform/projects/{ref}/api/rest', {
    params: { ref },
    signal,
    timeoutMs: REST_AVAILABILITY_TIMEOUT_MS,
  })
  return true
}

export function useProjectRestAvailabilityQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<boolean> = {},
) {
  return useQuery({
    retry: false,
    ...options,
    queryKey: projectKeys.restAvailability(ref),
    queryFn: ({ signal }) => getProjectRestAvailability({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

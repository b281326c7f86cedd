import { REQUIRED_VALUE_MESSAGES, type RestoreVersionsResponse } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** The Postgres versions a paused project can be restored onto. */
export async function getProjectRestoreVersions({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/restore/versions', { params: { ref }, signal })
}

export function useProjectRestoreVersionsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<RestoreVersionsResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: projectKeys.restoreVersions(ref),
    queryFn: ({ signal }) => getProjectRestoreVersions({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

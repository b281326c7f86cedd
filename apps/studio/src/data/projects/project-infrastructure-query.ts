import { type ProjectInfrastructure, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** The running server's database size and live settings; 409 while the project is not running. */
export async function getProjectInfrastructure({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/infrastructure', { params: { ref }, signal })
}

export function useProjectInfrastructureQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<ProjectInfrastructure> = {},
) {
  return useQuery({
    ...options,
    queryKey: projectKeys.infrastructure(ref),
    queryFn: ({ signal }) => getProjectInfrastructure({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

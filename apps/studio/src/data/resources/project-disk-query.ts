import { type ProjectDisk, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { resourceKeys } from './keys'

export async function getProjectDisk({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/disk', { params: { ref }, signal })
}

export function useProjectDiskQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ProjectDisk> = {}) {
  return useQuery({
    ...options,
    queryKey: resourceKeys.disk(ref),
    queryFn: ({ signal }) => getProjectDisk({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

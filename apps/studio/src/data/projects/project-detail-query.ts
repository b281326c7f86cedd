import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

export async function getProjectDetail({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}', { params: { ref }, signal })
}

export function useProjectDetailQuery({ ref }: { ref: string | undefined }, options: QueryOptions<Project> = {}) {
  return useQuery({
    ...options,
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => getProjectDetail({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import type { Project } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** Projects of every organization the user belongs to. */
export async function getProjects(signal?: AbortSignal) {
  return api('GET /platform/projects', { signal })
}

export function useProjectsQuery(options: QueryOptions<Project[]> = {}) {
  return useQuery({ ...options, queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects(signal) })
}

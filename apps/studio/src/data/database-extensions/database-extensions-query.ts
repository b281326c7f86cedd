import { type DatabaseExtension, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { databaseExtensionKeys } from './keys'

/** Every extension the project's server has, with whether the platform offers it and why (not). */
export async function getDatabaseExtensions({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/extensions', { params: { ref }, signal })
}

export function useDatabaseExtensionsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<DatabaseExtension[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: databaseExtensionKeys.list(ref),
    queryFn: ({ signal }) => getDatabaseExtensions({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

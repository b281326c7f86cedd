import { type ListAuthUsersQuery, type ListAuthUsersResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { authUsersKeys } from './keys'

export async function getAuthUsers(
  { ref, query }: { ref: string | undefined; query: ListAuthUsersQuery },
  signal?: AbortSignal,
) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/auth/{ref}/users', { params: { ref }, query, signal })
}

/** One page of the project's auth users; the page shown stays while the next one loads. */
export function useAuthUsersQuery(
  { ref, query }: { ref: string | undefined; query: ListAuthUsersQuery },
  options: QueryOptions<ListAuthUsersResponse> = {},
) {
  return useQuery({
    placeholderData: keepPreviousData,
    ...options,
    queryKey: authUsersKeys.list(ref, query),
    queryFn: ({ signal }) => getAuthUsers({ ref, query }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

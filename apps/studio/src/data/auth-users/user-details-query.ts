import { type AuthUserDetailsResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { authUsersKeys } from './keys'

/** One user with its identities and sessions. */
export async function getAuthUserDetails({ ref, id }: { ref: string | undefined; id: string }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/auth/{ref}/users/{id}', { params: { ref, id }, signal })
}

export function useAuthUserDetailsQuery(
  { ref, id }: { ref: string | undefined; id: string | null },
  options: QueryOptions<AuthUserDetailsResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: authUsersKeys.detail(ref, id ?? ''),
    queryFn: ({ signal }) => getAuthUserDetails({ ref, id: id ?? '' }, signal),
    enabled: Boolean(ref) && Boolean(id) && (options.enabled ?? true),
  })
}

import type { Profile } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { profileKeys } from './keys'

const PROFILE_STALE_TIME_MS = 5 * 60_000

/** Answers 401 when not signed in; callers decide where to go (the fetcher does not redirect for it). */
export async function getProfile(signal?: AbortSignal) {
  return api('GET /platform/profile', { signal })
}

export function useProfileQuery(options: QueryOptions<Profile> = {}) {
  return useQuery({
    staleTime: PROFILE_STALE_TIME_MS,
    ...options,
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
  })
}

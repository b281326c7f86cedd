import type { AccessToken } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { accessTokenKeys } from './keys'

export async function getAccessTokens(signal?: AbortSignal) {
  return fetcher<AccessToken[]>('/platform/profile/access-tokens', { signal })
}

export function useAccessTokensQuery(options: QueryOptions<AccessToken[]> = {}) {
  return useQuery({ ...options, queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal) })
}

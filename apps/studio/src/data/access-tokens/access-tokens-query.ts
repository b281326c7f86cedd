import type { AccessToken } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { accessTokenKeys } from './keys'

export async function getAccessTokens(signal?: AbortSignal) {
  return api('GET /platform/profile/access-tokens', { signal })
}

export function useAccessTokensQuery(options: QueryOptions<AccessToken[]> = {}) {
  return useQuery({ ...options, queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal) })
}

import {
  JWT_UPDATE_POLL_INTERVAL_MS,
  type JwtSecretUpdateStatusResponse,
  REQUIRED_VALUE_MESSAGES,
} from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

export async function getJwtSecretUpdateStatus({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/props/project/{ref}/jwt-secret-update-status', { params: { ref }, signal })
}

/** The latest JWT secret update; polled every second while it is Updating. */
export function useJwtSecretUpdateStatusQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<JwtSecretUpdateStatusResponse> = {},
) {
  return useQuery({
    refetchInterval: (query) => (query.state.data?.status === 'Updating' ? JWT_UPDATE_POLL_INTERVAL_MS : false),
    ...options,
    queryKey: configKeys.jwtSecretUpdateStatus(ref),
    queryFn: ({ signal }) => getJwtSecretUpdateStatus({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

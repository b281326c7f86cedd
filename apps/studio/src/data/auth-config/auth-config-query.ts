import { type ProjectAuthConfig, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { authConfigKeys } from './keys'

/** Every auth setting of the project, secrets masked (GET /v1/projects/{ref}/config/auth). */
export type AuthConfig = ProjectAuthConfig

export async function getAuthConfig({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return (await api('GET /v1/projects/{ref}/config/auth', { params: { ref }, signal })) as AuthConfig
}

export function useAuthConfigQuery({ ref }: { ref: string | undefined }, options: QueryOptions<AuthConfig> = {}) {
  return useQuery({
    ...options,
    queryKey: authConfigKeys.config(ref),
    queryFn: ({ signal }) => getAuthConfig({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

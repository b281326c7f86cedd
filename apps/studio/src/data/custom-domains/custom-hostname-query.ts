import { type CustomHostnameResponse, customHostnameStatusFromError, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import { isApiError } from '../fetcher'
import type { QueryOptions } from '../types'
import { customDomainKeys } from './keys'

/**
 * The project's custom domain. Errors whose text maps to a status (not allowed, no hostname configured)
 * are answered as that status rather than thrown, so the page shows the matching state instead of an error.
 */
export async function getCustomHostname(
  { ref }: { ref: string | undefined },
  signal?: AbortSignal,
): Promise<CustomHostnameResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  try {
    return await api('GET /v1/projects/{ref}/custom-hostname', { params: { ref }, signal })
  } catch (error) {
    const status = isApiError(error) ? customHostnameStatusFromError(error.message) : null
    if (status) return { status, custom_hostname: null, data: null }
    throw error
  }
}

export function useCustomHostnameQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<CustomHostnameResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: customDomainKeys.hostname(ref),
    queryFn: ({ signal }) => getCustomHostname({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

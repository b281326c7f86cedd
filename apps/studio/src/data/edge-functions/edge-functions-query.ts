import { type EdgeFunction, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { edgeFunctionKeys } from './keys'

/** GET /v1/projects/{ref}/functions: the project's deployed functions. */
export async function getEdgeFunctions({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/functions', { params: { ref }, signal })
}

export function useEdgeFunctionsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<EdgeFunction[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: edgeFunctionKeys.list(ref),
    queryFn: ({ signal }) => getEdgeFunctions({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

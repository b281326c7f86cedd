import { type FunctionsNetworkAccess, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { edgeFunctionKeys } from './keys'

/** GET /platform/projects/{ref}/edge-functions/network */
export async function getFunctionsNetwork(ref: string | undefined, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/edge-functions/network', { params: { ref }, signal })
}

export function useFunctionsNetworkQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<FunctionsNetworkAccess> = {},
) {
  return useQuery({
    enabled: Boolean(ref),
    ...options,
    queryKey: edgeFunctionKeys.network(ref),
    queryFn: ({ signal }) => getFunctionsNetwork(ref, signal),
  })
}

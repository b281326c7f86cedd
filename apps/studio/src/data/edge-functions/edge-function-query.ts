import { type EdgeFunction, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { edgeFunctionKeys } from './keys'

/** GET /v1/projects/{ref}/functions/{function_slug}: one function. */
export async function getEdgeFunction(
  { ref, slug }: { ref: string | undefined; slug: string | undefined },
  signal?: AbortSignal,
) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.slug)
  return api('GET /v1/projects/{ref}/functions/{function_slug}', { params: { ref, function_slug: slug }, signal })
}

export function useEdgeFunctionQuery(
  { ref, slug }: { ref: string | undefined; slug: string | undefined },
  options: QueryOptions<EdgeFunction> = {},
) {
  return useQuery({
    ...options,
    queryKey: edgeFunctionKeys.detail(ref, slug),
    queryFn: ({ signal }) => getEdgeFunction({ ref, slug }, signal),
    enabled: Boolean(ref && slug) && (options.enabled ?? true),
  })
}

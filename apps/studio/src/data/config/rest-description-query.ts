import { REQUIRED_VALUE_MESSAGES, type RestApiDescription } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

export type { OpenApiDefinition, OpenApiParameter, OpenApiPath, OpenApiProperty } from '@pgfleet/contracts'
/** The project's REST API description, in the Swagger 2.0 shape PostgREST publishes. */
export type RestDescription = RestApiDescription

export async function getRestDescription({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/api/rest', { params: { ref }, signal })
}

export function useRestDescriptionQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<RestDescription> = {},
) {
  return useQuery({
    ...options,
    queryKey: configKeys.restDescription(ref),
    queryFn: ({ signal }) => getRestDescription({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

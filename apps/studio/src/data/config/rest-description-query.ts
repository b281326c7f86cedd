import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

export type OpenApiProperty = { format?: string; type?: string; description?: string }
export type OpenApiDefinition = {
  properties?: Record<string, OpenApiProperty>
  required?: string[]
  description?: string
}
export type OpenApiParameter = {
  name: string
  in?: string
  required?: boolean
  schema?: { properties?: Record<string, OpenApiProperty>; required?: string[]; type?: string }
}
export type OpenApiPath = Record<string, { parameters?: OpenApiParameter[]; summary?: string; description?: string }>
/** The project's REST API description, in the Swagger 2.0 shape PostgREST publishes. */
export type RestDescription = {
  definitions?: Record<string, OpenApiDefinition>
  paths?: Record<string, OpenApiPath>
}

export async function getRestDescription({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return fetcher<RestDescription>(`/platform/projects/${encodeURIComponent(ref)}/api/rest`, { signal })
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

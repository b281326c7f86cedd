import { REQUIRED_VALUE_MESSAGES, type TypescriptTypesResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'

export type TypescriptTypesVariables = { ref: string | undefined; includedSchemas?: readonly string[] }

/** Generated TypeScript types of the given schemas (public by default), for a download. */
export async function generateTypescriptTypes({ ref, includedSchemas = ['public'] }: TypescriptTypesVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  const params = new URLSearchParams({ included_schemas: includedSchemas.join(',') })
  return fetcher<TypescriptTypesResponse>(`/v1/projects/${encodeURIComponent(ref)}/types/typescript?${params}`)
}

export function useTypescriptTypesGenerateMutation(
  options: MutationOptions<TypescriptTypesResponse, TypescriptTypesVariables> = {},
) {
  return useMutation({ ...options, mutationFn: generateTypescriptTypes })
}

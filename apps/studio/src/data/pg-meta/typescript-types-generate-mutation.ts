import { REQUIRED_VALUE_MESSAGES, type TypescriptTypesResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type TypescriptTypesVariables = { ref: string | undefined; includedSchemas?: readonly string[] }

/** Generated TypeScript types of the given schemas (public by default), for a download. */
export async function generateTypescriptTypes({ ref, includedSchemas = ['public'] }: TypescriptTypesVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /v1/projects/{ref}/types/typescript', {
    params: { ref },
    query: { included_schemas: includedSchemas.join(',') },
  })
}

export function useTypescriptTypesGenerateMutation(
  options: MutationOptions<TypescriptTypesResponse, TypescriptTypesVariables> = {},
) {
  return useMutation({ ...options, mutationFn: generateTypescriptTypes })
}

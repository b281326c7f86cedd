import { PG_META_CONNECTION_HEADER, type PgFunctionName, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

type NamesVariables = { ref: string | undefined; includedSchemas?: readonly string[] }

/** Functions and procedures with their argument lists, without bodies (for completion). */
export async function getFunctionNames({ ref, includedSchemas }: NamesVariables, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/function-names', {
    params: { ref },
    query: { included_schemas: includedSchemas?.length ? includedSchemas.join(',') : undefined },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

export function useFunctionNamesQuery(
  { ref, includedSchemas }: NamesVariables,
  options: QueryOptions<PgFunctionName[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.functionNames(ref, includedSchemas),
    queryFn: ({ signal }) => getFunctionNames({ ref, includedSchemas }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import { PG_META_CONNECTION_HEADER, type PgTableName, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

type NamesVariables = { ref: string | undefined; includedSchemas?: readonly string[] }

/**
 * Every table, view, materialized view and foreign table by name and kind, without columns: what completion
 * needs up front (well under a MB at 10,000 tables; columns come per table, see table-columns-query).
 */
export async function getTableNames({ ref, includedSchemas }: NamesVariables, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/table-names', {
    params: { ref },
    query: { included_schemas: includedSchemas?.length ? includedSchemas.join(',') : undefined },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

export function useTableNamesQuery(
  { ref, includedSchemas }: NamesVariables,
  options: QueryOptions<PgTableName[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.tableNames(ref, includedSchemas),
    queryFn: ({ signal }) => getTableNames({ ref, includedSchemas }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import { PG_META_CONNECTION_HEADER, type PgTable, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

export type TablesVariables = {
  ref: string | undefined
  includeColumns?: boolean
  /** all schemas but the system ones when absent */
  includedSchemas?: readonly string[]
}

/** Tables sorted by name, optionally with their columns. */
export async function getTables(
  { ref, includeColumns = false, includedSchemas }: TablesVariables,
  signal?: AbortSignal,
): Promise<PgTable[]> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/tables', {
    params: { ref },
    query: {
      include_columns: includeColumns ? 'true' : 'false',
      included_schemas: includedSchemas?.length ? includedSchemas.join(',') : undefined,
    },
    signal,
    // the hosted dashboard sends it; the platform connects to the project itself and ignores it
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

export function useTablesQuery(
  { ref, includeColumns = false, includedSchemas }: TablesVariables,
  options: QueryOptions<PgTable[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.tables(ref, { includeColumns, includedSchemas }),
    queryFn: ({ signal }) => getTables({ ref, includeColumns, includedSchemas }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

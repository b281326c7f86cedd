import { useQuery } from '@tanstack/react-query'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'
import { getTables } from './tables-query'

/** A table and its column names: all that completion needs. */
export type TableNames = { schema: string; name: string; columns: string[] }

/**
 * Every table's and column's name, for completion. The full metadata (tens of MB with 10,000 tables) is
 * read and dropped here: the cache keeps the names only.
 */
export async function getTableNames(
  { ref, includedSchemas }: { ref: string | undefined; includedSchemas?: readonly string[] },
  signal?: AbortSignal,
): Promise<TableNames[]> {
  const tables = await getTables({ ref, includeColumns: true, includedSchemas }, signal)
  return tables.map((table) => ({
    schema: table.schema,
    name: table.name,
    columns: table.columns ? table.columns.map((column) => column.name) : [],
  }))
}

export function useTableNamesQuery(
  { ref, includedSchemas }: { ref: string | undefined; includedSchemas?: readonly string[] },
  options: QueryOptions<TableNames[]> = {},
) {
  return useQuery({
    ...options,
    // under the tables list's key, so SQL that changes tables refreshes it too
    queryKey: [...pgMetaKeys.list(ref, 'tables'), 'names', { includedSchemas }],
    queryFn: ({ signal }) => getTableNames({ ref, includedSchemas }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

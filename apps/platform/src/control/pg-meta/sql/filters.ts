import { PG_META_SYSTEM_SCHEMAS, type PgMetaListQuery } from '@pgfleet/contracts'

/** The first three parameters of every list query: which schemas it reads. */
export interface SchemaScope {
  /** only these (when set) */
  included: string[] | null
  /** never these */
  excluded: string[]
  /** leave out pg_temp_N / pg_toast_temp_N */
  hideTemporary: boolean
}

export function schemaScope(
  query: Pick<PgMetaListQuery, 'included_schemas' | 'excluded_schemas' | 'include_system_schemas'>,
): SchemaScope {
  const included = query.included_schemas?.length ? query.included_schemas : null
  const hideSystem = !query.include_system_schemas && included === null
  return {
    included,
    excluded: [...(query.excluded_schemas ?? []), ...(hideSystem ? PG_META_SYSTEM_SCHEMAS : [])],
    hideTemporary: hideSystem,
  }
}

export const scopeValues = (scope: SchemaScope): unknown[] => [scope.included, scope.excluded, scope.hideTemporary]

/** SQL condition on a schema name column, reading $1..$3 (see scopeValues). */
export const inScope = (schemaColumn: string) =>
  `(($1::text[] is null or ${schemaColumn} = any($1::text[])) and ${schemaColumn} <> all($2::text[]) and (not $3::boolean or ${schemaColumn} !~ '^pg_(toast_)?temp_'))`

/** `limit`/`offset` of the outer list, as the 4th and 5th parameters. */
export const pageValues = (query: Pick<PgMetaListQuery, 'limit' | 'offset'>): unknown[] => [
  query.limit ?? null,
  query.offset ?? 0,
]

/** The metadata lists of `/platform/pg-meta/{ref}/*`, plus `indexes`, which SQL can change too. */
export type PgMetaList =
  | 'tables'
  | 'views'
  | 'materialized-views'
  | 'foreign-keys'
  | 'schemas'
  | 'functions'
  | 'triggers'
  | 'policies'
  | 'types'
  | 'roles'
  | 'indexes'
  | 'extensions'

export const pgMetaKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'pg-meta'] as const,
  list: (ref: string | undefined, list: PgMetaList) => [...pgMetaKeys.all(ref), list] as const,
  tables: (ref: string | undefined, params: { includeColumns: boolean; includedSchemas?: readonly string[] }) =>
    [...pgMetaKeys.list(ref, 'tables'), params] as const,
  // under the lists they come from, so SQL that changes tables (or functions) refreshes them too
  tableNames: (ref: string | undefined, includedSchemas?: readonly string[]) =>
    [...pgMetaKeys.list(ref, 'tables'), 'names', { includedSchemas }] as const,
  columns: (ref: string | undefined, tableId: number) =>
    [...pgMetaKeys.list(ref, 'tables'), 'columns', tableId] as const,
  functionNames: (ref: string | undefined, includedSchemas?: readonly string[]) =>
    [...pgMetaKeys.list(ref, 'functions'), 'names', { includedSchemas }] as const,
  readOnlyFunctionNames: (ref: string | undefined) => [...pgMetaKeys.list(ref, 'functions'), 'read-only'] as const,
}

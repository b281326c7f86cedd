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
}

import { z } from 'zod'
import { PG_RELATION_KINDS } from './pg-meta.constants'

/** The `{id}` of GET /platform/pg-meta/{ref}/tables/{id}: a table's oid. */
export const PgMetaTableIdParam = z.coerce.number().int().positive('Table id must be a positive number')

/**
 * Database metadata answered by `/platform/pg-meta/{ref}/*`. Field names follow `@supabase/postgres-meta`
 * so code written for the hosted dashboard reads them unchanged; lists are sorted by name.
 */

const SCHEMA_LIST_MAX = 100
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true')
const schemaList = z
  .string()
  .max(10_000)
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(63, 'Schema names are at most 63 characters'))
      .max(SCHEMA_LIST_MAX, `At most ${SCHEMA_LIST_MAX} schemas`),
  )

/** Query string of the list endpoints; `included_schemas=public,app` is comma-separated like the hosted API. */
export const PgMetaListQuery = z.object({
  included_schemas: schemaList.optional(),
  excluded_schemas: schemaList.optional(),
  include_system_schemas: booleanParam.default(false),
  /** only /tables, /views and /materialized-views read it; true unless set to false */
  include_columns: booleanParam.default(true),
  /** only /roles reads it: the built-in pg_* roles */
  include_default_roles: booleanParam.default(false),
  limit: z.coerce.number().int().min(1).max(100_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type PgMetaListQuery = z.infer<typeof PgMetaListQuery>

export const PgColumn = z.object({
  /** `{table_id}.{ordinal_position}` */
  id: z.string(),
  table_id: z.number(),
  ordinal_position: z.number(),
  name: z.string(),
  /** as information_schema says it: 'integer', 'text', 'ARRAY', 'USER-DEFINED', ... */
  data_type: z.string(),
  /** the type's name: int4, text, _text (array of text), an enum's name; a domain's base type */
  format: z.string(),
  default_value: z.string().nullable(),
  is_nullable: z.boolean(),
  is_primary_key: z.boolean(),
  is_identity: z.boolean(),
  identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).nullable(),
  is_generated: z.boolean(),
  is_unique: z.boolean(),
  is_updatable: z.boolean(),
  /** the labels when the column's type is an enum */
  enums: z.array(z.string()),
  /** the column's own CHECK constraints, ANDed */
  check: z.string().nullable(),
  comment: z.string().nullable(),
})
export type PgColumn = z.infer<typeof PgColumn>

export const PgPrimaryKey = z.object({
  schema: z.string(),
  table_name: z.string(),
  name: z.string(),
  table_id: z.number(),
})

/** One column pair of a foreign key, listed on both the referencing and the referenced table. */
export const PgRelationship = z.object({
  id: z.number(),
  constraint_name: z.string(),
  source_schema: z.string(),
  source_table_name: z.string(),
  source_column_name: z.string(),
  target_table_schema: z.string(),
  target_table_name: z.string(),
  target_column_name: z.string(),
})
export type PgRelationship = z.infer<typeof PgRelationship>

export const PgTable = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  rls_enabled: z.boolean(),
  rls_forced: z.boolean(),
  replica_identity: z.enum(['DEFAULT', 'INDEX', 'FULL', 'NOTHING']),
  /** lists: an estimate from the page counts (no locks taken); one table's detail: the exact total size */
  bytes: z.number(),
  size: z.string(),
  live_rows_estimate: z.number(),
  dead_rows_estimate: z.number(),
  comment: z.string().nullable(),
  primary_keys: z.array(PgPrimaryKey),
  relationships: z.array(PgRelationship),
  columns: z.array(PgColumn).optional(),
})
export type PgTable = z.infer<typeof PgTable>

export const PgView = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  is_updatable: z.boolean(),
  comment: z.string().nullable(),
  columns: z.array(PgColumn).optional(),
})
export type PgView = z.infer<typeof PgView>

export const PgMaterializedView = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  is_populated: z.boolean(),
  comment: z.string().nullable(),
  columns: z.array(PgColumn).optional(),
})
export type PgMaterializedView = z.infer<typeof PgMaterializedView>

/** A whole foreign key (all its columns), as the types generator and relationship pickers need it. */
export const PgForeignKey = z.object({
  id: z.number(),
  constraint_name: z.string(),
  source_schema: z.string(),
  source_table_name: z.string(),
  source_columns: z.array(z.string()),
  target_schema: z.string(),
  target_table_name: z.string(),
  target_columns: z.array(z.string()),
  /** the referencing columns are also the table's primary key or a unique key */
  is_one_to_one: z.boolean(),
  on_update: z.string(),
  on_delete: z.string(),
})
export type PgForeignKey = z.infer<typeof PgForeignKey>

export const PgSchema = z.object({ id: z.number(), name: z.string(), owner: z.string() })
export type PgSchema = z.infer<typeof PgSchema>

export const PgFunctionArg = z.object({
  mode: z.enum(['in', 'out', 'inout', 'variadic', 'table']),
  /** '' for an unnamed argument */
  name: z.string(),
  type_id: z.number(),
  /** as Postgres formats it: integer, text[], public.mood */
  type: z.string(),
  /** the type's own name: int4, _text, mood */
  type_name: z.string(),
  has_default: z.boolean(),
  default: z.string().nullable(),
})
export type PgFunctionArg = z.infer<typeof PgFunctionArg>

export const PgFunction = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['function', 'procedure']),
  language: z.string(),
  definition: z.string(),
  complete_statement: z.string(),
  args: z.array(PgFunctionArg),
  argument_types: z.string(),
  identity_argument_types: z.string(),
  return_type_id: z.number(),
  /** as Postgres formats it: integer, SETOF todos, TABLE(a integer, b text), void */
  return_type: z.string(),
  return_type_name: z.string(),
  return_type_schema: z.string(),
  /** the table or composite type a function returns rows of */
  return_type_relation_id: z.number().nullable(),
  is_set_returning_function: z.boolean(),
  behavior: z.enum(['IMMUTABLE', 'STABLE', 'VOLATILE']),
  security_definer: z.boolean(),
  config_params: z.record(z.string(), z.string()).nullable(),
  comment: z.string().nullable(),
})
export type PgFunction = z.infer<typeof PgFunction>

export const PgExtension = z.object({
  name: z.string(),
  schema: z.string().nullable(),
  default_version: z.string().nullable(),
  installed_version: z.string().nullable(),
  comment: z.string().nullable(),
})
export type PgExtension = z.infer<typeof PgExtension>

export const PgPolicy = z.object({
  id: z.number(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number(),
  name: z.string(),
  action: z.enum(['PERMISSIVE', 'RESTRICTIVE']),
  roles: z.array(z.string()),
  command: z.enum(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL']),
  /** the USING expression */
  definition: z.string().nullable(),
  /** the WITH CHECK expression */
  check: z.string().nullable(),
})
export type PgPolicy = z.infer<typeof PgPolicy>

export const PgTrigger = z.object({
  id: z.number(),
  table_id: z.number(),
  enabled_mode: z.enum(['ORIGIN', 'REPLICA', 'ALWAYS', 'DISABLED']),
  name: z.string(),
  table: z.string(),
  schema: z.string(),
  condition: z.string().nullable(),
  orientation: z.enum(['ROW', 'STATEMENT']),
  activation: z.enum(['BEFORE', 'AFTER', 'INSTEAD OF']),
  events: z.array(z.enum(['INSERT', 'DELETE', 'UPDATE', 'TRUNCATE'])),
  function_schema: z.string(),
  function_name: z.string(),
  function_args: z.array(z.string()),
})
export type PgTrigger = z.infer<typeof PgTrigger>

export const PgRole = z.object({
  id: z.number(),
  name: z.string(),
  is_superuser: z.boolean(),
  can_create_db: z.boolean(),
  can_create_role: z.boolean(),
  inherit_role: z.boolean(),
  can_login: z.boolean(),
  is_replication_role: z.boolean(),
  can_bypass_rls: z.boolean(),
  active_connections: z.number(),
  /** -1: no limit */
  connection_limit: z.number(),
  /** never the password: always '********' */
  password: z.string(),
  valid_until: z.string().nullable(),
  config: z.record(z.string(), z.string()).nullable(),
})
export type PgRole = z.infer<typeof PgRole>

/** Enums and composite types. */
export const PgType = z.object({
  id: z.number(),
  name: z.string(),
  schema: z.string(),
  format: z.string(),
  kind: z.enum(['enum', 'composite']),
  enums: z.array(z.string()),
  attributes: z.array(z.object({ name: z.string(), type_id: z.number(), type_name: z.string() })),
  comment: z.string().nullable(),
})
export type PgType = z.infer<typeof PgType>

/** GET /platform/pg-meta/{ref}/table-names: every relation completion can name, without columns. */
export const PgTableName = z.object({
  /** the relation's oid: GET .../columns?table_id= answers its columns */
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(PG_RELATION_KINDS),
})
export type PgTableName = z.infer<typeof PgTableName>

/** GET /platform/pg-meta/{ref}/function-names: functions and procedures, without their bodies. */
export const PgFunctionName = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['function', 'procedure']),
  /** as Postgres prints them: `a integer, b text` */
  argument_types: z.string(),
  return_type: z.string(),
})
export type PgFunctionName = z.infer<typeof PgFunctionName>

/**
 * GET /platform/pg-meta/{ref}/read-only-function-names: names of built-in functions that only read
 * (pg_catalog, every function of the name IMMUTABLE or STABLE), sorted.
 */
export const ReadOnlyFunctionNames = z.array(z.string())
export type ReadOnlyFunctionNames = z.infer<typeof ReadOnlyFunctionNames>

/** GET /platform/pg-meta/{ref}/columns?table_id=: one relation's columns (any kind), in order. */
export const PgMetaColumnsQuery = z.object({
  table_id: z.coerce.number({ error: 'table_id is required' }).int().positive('table_id must be a positive number'),
})

export const TypescriptTypesQuery = z.object({
  included_schemas: schemaList.pipe(z.array(z.string()).min(1, 'included_schemas is required')).default(['public']),
})
export const TypescriptTypesResponse = z.object({ types: z.string() })
export type TypescriptTypesResponse = z.infer<typeof TypescriptTypesResponse>

import type pg from 'pg'

/**
 * What the data API knows about a project's exposed schemas: tables and views with their columns and keys,
 * foreign keys (for embedding) and functions (for /rpc). Loaded from the catalogs, as any role may read them,
 * and reloaded when the project's schema version changes (see ddl-watch.ts).
 */
export interface Column {
  name: string
  position: number
  /** SQL type as `format_type` prints it: `integer`, `character varying(20)`, `text[]` */
  type: string
  /** pg_type.typname of the type (of the base type for domains): `int4`, `_text`, `tsvector` */
  typname: string
  /** pg_type.typcategory: N numeric, S string, B boolean, A array, U user (json, uuid, ...), ... */
  category: string
  nullable: boolean
  default: string | null
  identity: boolean
  generated: boolean
  description: string | null
  enumValues: string[] | null
  /** typname of the array's element type */
  elementTypname: string | null
  maxLength: number | null
}

export type RelationKind = 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table'

export interface Relation {
  schema: string
  name: string
  kind: RelationKind
  description: string | null
  insertable: boolean
  updatable: boolean
  deletable: boolean
  columns: Column[]
  columnsByName: Map<string, Column>
  primaryKey: string[]
  /** primary key and unique constraints */
  uniqueKeys: string[][]
}

export interface ForeignKey {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

export type FunctionReturn =
  | { kind: 'void' }
  | { kind: 'scalar' }
  | { kind: 'composite'; relation: { schema: string; name: string } | null; columns: { name: string; type: string }[] }

export interface RestFunction {
  schema: string
  name: string
  description: string | null
  volatility: 'immutable' | 'stable' | 'volatile'
  returnsSet: boolean
  returnType: string
  returns: FunctionReturn
  args: FunctionArg[]
  variadic: boolean
}

export const relationKey = (schema: string, name: string) => `${schema}\u0000${name}`

export class SchemaCache {
  readonly relations = new Map<string, Relation>()
  readonly functions = new Map<string, RestFunction[]>()
  readonly foreignKeys: ForeignKey[] = []

  constructor(readonly schemas: string[]) {}

  relation(schema: string, name: string): Relation | undefined {
    return this.relations.get(relationKey(schema, name))
  }

  functionsNamed(schema: string, name: string): RestFunction[] {
    return this.functions.get(relationKey(schema, name)) ?? []
  }
}

const KINDS: Record<string, RelationKind> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
  p: 'partitioned_table',
}

const RELATIONS_SQL = `
SELECT n.nspname::text AS schema, c.relname::text AS name, c.relkind::text AS kind,
  pg_catalog.obj_description(c.oid, 'pg_class') AS description,
  pg_catalog.pg_relation_is_updatable(c.oid::regclass, true) AS mask,
  coalesce((
    SELECT json_agg(json_build_object(
      'name', a.attname, 'position', a.attnum, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'typname', coalesce(bt.typname, t.typname), 'category', coalesce(bt.typcategory, t.typcategory),
      'nullable', NOT a.attnotnull, 'default', pg_catalog.pg_get_expr(d.adbin, d.adrelid),
      'identity', a.attidentity <> '', 'generated', a.attgenerated <> '',
      'description', pg_catalog.col_description(c.oid, a.attnum),
      'enumValues', CASE WHEN coalesce(bt.typtype, t.typtype) = 'e' THEN (
        SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_catalog.pg_enum e
        WHERE e.enumtypid = coalesce(bt.oid, t.oid)) END,
      'elementTypname', (SELECT et.typname FROM pg_catalog.pg_type et WHERE et.oid = coalesce(bt.typelem, t.typelem)
        AND coalesce(bt.typcategory, t.typcategory) = 'A'),
      'maxLength', CASE WHEN a.atttypmod > 4 AND coalesce(bt.typname, t.typname) IN ('varchar', 'bpchar')
        THEN a.atttypmod - 4 END
    ) ORDER BY a.attnum)
    FROM pg_catalog.pg_attribute a
    JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_catalog.pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
    LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  ), '[]') AS columns
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'v', 'm', 'f', 'p')`

const CONSTRAINTS_SQL = `
SELECT con.conname::text AS name, con.contype::text AS type, n1.nspname::text AS schema, c1.relname::text AS table,
  ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
        JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
  n2.nspname::text AS ref_schema, c2.relname::text AS ref_table,
  ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
        JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num ORDER BY k.ord) AS ref_columns
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c1 ON c1.oid = con.conrelid
JOIN pg_catalog.pg_namespace n1 ON n1.oid = c1.relnamespace
LEFT JOIN pg_catalog.pg_class c2 ON c2.oid = con.confrelid
LEFT JOIN pg_catalog.pg_namespace n2 ON n2.oid = c2.relnamespace
WHERE con.contype IN ('p', 'u', 'f') AND n1.nspname = ANY($1)
ORDER BY con.conname`

const FUNCTIONS_SQL = `
SELECT n.nspname::text AS schema, p.proname::text AS name, pg_catalog.obj_description(p.oid, 'pg_proc') AS description,
  p.provolatile::text AS volatility, p.proretset AS returns_set,
  pg_catalog.format_type(p.prorettype, NULL) AS return_type, rt.typtype::text AS return_typtype,
  rn.nspname::text AS return_schema, rc.relname::text AS return_relation, rc.relkind::text AS return_relkind,
  p.pronargdefaults AS defaults, p.provariadic <> 0 AS variadic,
  coalesce((
    SELECT json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', pg_catalog.format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), NULL),
      'mode', coalesce(p.proargmodes[i], 'i')) ORDER BY i)
    FROM generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i
  ), '[]') AS args,
  CASE WHEN rt.typrelid <> 0 THEN (
    SELECT json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod))
      ORDER BY a.attnum)
    FROM pg_catalog.pg_attribute a WHERE a.attrelid = rt.typrelid AND a.attnum > 0 AND NOT a.attisdropped
  ) END AS return_columns
FROM pg_catalog.pg_proc p
JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
JOIN pg_catalog.pg_type rt ON rt.oid = p.prorettype
LEFT JOIN pg_catalog.pg_class rc ON rc.oid = rt.typrelid
LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
WHERE n.nspname = ANY($1) AND p.prokind = 'f'
  AND p.prorettype NOT IN ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)
ORDER BY p.oid`

interface RawArg {
  name: string
  type: string
  mode: string
}

/** What loading needs: a client, or a request's transaction. */
export interface Queryable {
  // biome-ignore lint/suspicious/noExplicitAny: rows of catalog queries are checked where they are read
  query(text: string, values?: unknown[]): Promise<pg.QueryResult<any>>
}

export async function loadSchemaCache(client: Queryable, schemas: string[]): Promise<SchemaCache> {
  const cache = new SchemaCache(schemas)
  const relations = await client.query(RELATIONS_SQL, [schemas])
  for (const row of relations.rows) {
    const columns = row.columns as Column[]
    const mask = Number(row.mask)
    const kind = KINDS[row.kind as string] ?? 'table'
    const plain = kind === 'table' || kind === 'partitioned_table'
    cache.relations.set(relationKey(row.schema, row.name), {
      schema: row.schema,
      name: row.name,
      kind,
      description: row.description,
      // pg_relation_is_updatable's bits: 8 INSERT, 4 UPDATE, 16 DELETE
      insertable: plain || (mask & 8) === 8,
      updatable: plain || (mask & 4) === 4,
      deletable: plain || (mask & 16) === 16,
      columns,
      columnsByName: new Map(columns.map((c) => [c.name, c])),
      primaryKey: [],
      uniqueKeys: [],
    })
  }

  const constraints = await client.query(CONSTRAINTS_SQL, [schemas])
  for (const row of constraints.rows) {
    const relation = cache.relation(row.schema, row.table)
    if (!relation) continue
    if (row.type === 'p') relation.primaryKey = row.columns
    if (row.type === 'p' || row.type === 'u') relation.uniqueKeys.push(row.columns)
    if (row.type === 'f' && row.ref_schema && cache.relation(row.ref_schema, row.ref_table)) {
      cache.foreignKeys.push({
        name: row.name,
        schema: row.schema,
        table: row.table,
        columns: row.columns,
        refSchema: row.ref_schema,
        refTable: row.ref_table,
        refColumns: row.ref_columns,
      })
    }
  }

  const functions = await client.query(FUNCTIONS_SQL, [schemas])
  for (const row of functions.rows) {
    const fn = toFunction(row)
    const key = relationKey(fn.schema, fn.name)
    cache.functions.set(key, [...(cache.functions.get(key) ?? []), fn])
  }
  return cache
}

function toFunction(row: Record<string, unknown>): RestFunction {
  const raw = row.args as RawArg[]
  const inputs = raw.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
  const outputs = raw.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
  const defaults = Number(row.defaults)
  const args = inputs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= inputs.length - defaults }))
  const returnType = String(row.return_type)
  let returns: FunctionReturn
  if (returnType === 'void') returns = { kind: 'void' }
  else if (outputs.length > 0) {
    returns = { kind: 'composite', relation: null, columns: outputs.map((o) => ({ name: o.name, type: o.type })) }
  } else if (row.return_typtype === 'c' && Array.isArray(row.return_columns)) {
    const isRelation = row.return_relkind !== 'c' && row.return_schema && row.return_relation
    returns = {
      kind: 'composite',
      relation: isRelation ? { schema: String(row.return_schema), name: String(row.return_relation) } : null,
      columns: row.return_columns as { name: string; type: string }[],
    }
  } else returns = { kind: 'scalar' }
  const volatility = row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile'
  return {
    schema: String(row.schema),
    name: String(row.name),
    description: (row.description as string | null) ?? null,
    volatility,
    returnsSet: Boolean(row.returns_set),
    returnType,
    returns,
    args,
    variadic: Boolean(row.variadic),
  }
}

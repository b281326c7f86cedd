import type { PgMetaListQuery } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { notFound } from '../../errors'
import {
  concatJsonArrays,
  type MetaProject,
  queryJsonRows,
  queryJsonText,
  withHelperClient,
  withMetaClient,
} from './connection'
import {
  EXTENSIONS_SQL,
  FOREIGN_KEYS_SQL,
  FUNCTIONS_SQL,
  POLICIES_SQL,
  ROLES_SQL,
  SCHEMAS_SQL,
  TRIGGERS_SQL,
  TYPES_SQL,
} from './sql/catalog'
import { pageValues, schemaScope, scopeValues } from './sql/filters'
import { FUNCTION_NAMES_SQL, READ_ONLY_FUNCTION_NAMES_SQL, RELATION_COLUMNS_SQL, TABLE_NAMES_SQL } from './sql/names'
import { type RelationKind, relationCountSql, relationsSql } from './sql/relations'

export const META_LISTS = [
  'tables',
  'views',
  'materialized-views',
  'schemas',
  'functions',
  'extensions',
  'policies',
  'triggers',
  'roles',
  'types',
  'foreign-keys',
  // light name lists for the SQL editor's completion
  'table-names',
  'function-names',
  // what the SQL editor may call without asking first
  'read-only-function-names',
] as const
export type MetaList = (typeof META_LISTS)[number]

interface Statement {
  text: string
  values: unknown[]
  /** one row per item (relations) rather than one row holding the whole array */
  rows: boolean
}

const RELATION_KINDS: Partial<Record<MetaList, RelationKind>> = {
  tables: 'table',
  views: 'view',
  'materialized-views': 'materialized_view',
}

const SCOPED: Partial<Record<MetaList, string>> = {
  schemas: SCHEMAS_SQL,
  functions: FUNCTIONS_SQL,
  policies: POLICIES_SQL,
  triggers: TRIGGERS_SQL,
  types: TYPES_SQL,
  'foreign-keys': FOREIGN_KEYS_SQL,
  'table-names': TABLE_NAMES_SQL,
  'function-names': FUNCTION_NAMES_SQL,
}

/** The one statement that answers a list, with its parameters. */
export function listStatement(list: MetaList, query: PgMetaListQuery): Statement {
  const kind = RELATION_KINDS[list]
  const scope = scopeValues(schemaScope(query))
  if (kind) {
    return {
      text: relationsSql({ kind, includeColumns: query.include_columns, byId: false }),
      values: [...scope, ...pageValues(query)],
      rows: true,
    }
  }
  if (list === 'extensions') return { text: EXTENSIONS_SQL, values: [], rows: false }
  if (list === 'read-only-function-names') return { text: READ_ONLY_FUNCTION_NAMES_SQL, values: [], rows: false }
  if (list === 'roles') return { text: ROLES_SQL, values: [query.include_default_roles], rows: false }
  const text = SCOPED[list]
  if (!text) throw new Error(`No statement for ${list}`)
  return { text, values: scope, rows: false }
}

const runStatement = (client: pg.ClientBase, statement: Statement) =>
  statement.rows
    ? queryJsonRows(client, statement.text, statement.values)
    : queryJsonText(client, statement.text, statement.values)

/** A metadata list as the JSON text Postgres built; the route sends it without parsing it again. */
export async function listMetaJson(
  ctx: AppContext,
  project: MetaProject,
  list: MetaList,
  query: PgMetaListQuery,
): Promise<string> {
  const kind = RELATION_KINDS[list]
  if (kind && query.include_columns && query.limit === undefined && !query.offset) {
    return relationsInHalves(ctx, project, kind, query)
  }
  const statement = listStatement(list, query)
  return withMetaClient(ctx, project, (client) => runStatement(client, statement), { setBased: true })
}

/** From this many relations on, a list with columns is read in two halves at once. */
export const SPLIT_MIN_RELATIONS = 400

/**
 * A big list of relations with columns, read as two halves of the sorted list on two connections at once (the
 * work is mostly building JSON, one core per half). The second connection imports the first one's snapshot,
 * so both halves see the same catalog even while DDL runs.
 */
async function relationsInHalves(
  ctx: AppContext,
  project: MetaProject,
  kind: RelationKind,
  query: PgMetaListQuery,
): Promise<string> {
  const scope = scopeValues(schemaScope(query))
  const text = relationsSql({ kind, includeColumns: true, byId: false })
  const options = { setBased: true, repeatableRead: true }
  return withMetaClient(
    ctx,
    project,
    async (client) => {
      const counted = await client.query<{ count: number }>({ text: relationCountSql(kind), values: scope })
      const count = counted.rows[0]?.count ?? 0
      if (count < SPLIT_MIN_RELATIONS) return queryJsonRows(client, text, [...scope, null, 0])
      const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id')
      const half = Math.ceil(count / 2)
      const [first, second] = await Promise.all([
        queryJsonRows(client, text, [...scope, half, 0]),
        withHelperClient(
          ctx,
          project.ref,
          snapshot.rows[0]?.id ?? '',
          (helper) => queryJsonRows(helper, text, [...scope, null, half]),
          options,
        ),
      ])
      return concatJsonArrays(first, second)
    },
    options,
  )
}

/** One table with its columns and exact size; 404 when no table has this id. */
export async function tableJson(ctx: AppContext, project: MetaProject, id: number): Promise<string> {
  const text = relationsSql({ kind: 'table', includeColumns: true, byId: true })
  const json = await withMetaClient(ctx, project, (client) => queryJsonText(client, text, [id]))
  if (json === 'null') throw notFound(`Table with id ${id} not found`)
  return json
}

/** The columns of one table, view, materialized view or foreign table; 404 when no relation has this id. */
export async function relationColumnsJson(ctx: AppContext, project: MetaProject, id: number): Promise<string> {
  const result = await withMetaClient(ctx, project, (client) =>
    client.query<{ json: string; found: boolean }>({ text: RELATION_COLUMNS_SQL, values: [id] }),
  )
  const row = result.rows[0]
  if (!row?.found) throw notFound(`Table with id ${id} not found`)
  return row.json
}

/** Several lists on one connection, parsed, each with its own query: for the types generator. */
export async function readMetaLists<L extends MetaList>(
  ctx: AppContext,
  project: MetaProject,
  requests: Record<L, PgMetaListQuery>,
): Promise<Record<L, unknown>> {
  return withMetaClient(
    ctx,
    project,
    async (client: pg.ClientBase) => {
      const answers = {} as Record<L, unknown>
      for (const list of Object.keys(requests) as L[]) {
        const statement = listStatement(list, requests[list])
        answers[list] = JSON.parse(await runStatement(client, statement))
      }
      return answers
    },
    { setBased: true },
  )
}

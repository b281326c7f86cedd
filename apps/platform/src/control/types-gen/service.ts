import type {
  PgForeignKey,
  PgFunction,
  PgMaterializedView,
  PgMetaListQuery,
  PgSchema,
  PgTable,
  PgType,
  PgView,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest } from '../../errors'
import { readMetaLists } from '../pg-meta/service'
import { generateTypescript } from './typescript'

const BASE_QUERY: PgMetaListQuery = {
  include_system_schemas: false,
  include_columns: true,
  include_default_roles: false,
}

/** The project's `Database` type for the given schemas, read from the live catalog on one connection. */
export async function generateProjectTypes(
  ctx: AppContext,
  project: Pick<ProjectRow, 'ref' | 'status'>,
  schemas: string[],
): Promise<string> {
  const scoped: PgMetaListQuery = { ...BASE_QUERY, included_schemas: schemas }
  const lists = await readMetaLists(ctx, project, {
    schemas: scoped,
    tables: scoped,
    views: scoped,
    'materialized-views': scoped,
    functions: scoped,
    'foreign-keys': scoped,
    // enums and composites anywhere, so a column typed with another schema's enum still gets its values
    types: BASE_QUERY,
  })
  const found = new Set((lists.schemas as PgSchema[]).map((s) => s.name))
  const missing = schemas.filter((name) => !found.has(name))
  if (missing.length > 0) throw badRequest(`Schema ${missing.map((m) => `"${m}"`).join(', ')} not found`)
  return generateTypescript({
    schemas: [...new Set(schemas)],
    tables: lists.tables as PgTable[],
    views: lists.views as PgView[],
    materializedViews: lists['materialized-views'] as PgMaterializedView[],
    functions: lists.functions as PgFunction[],
    foreignKeys: lists['foreign-keys'] as PgForeignKey[],
    types: lists.types as PgType[],
  })
}

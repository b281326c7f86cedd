import {
  type AlterTableBody,
  alterTableStatements,
  type CreateTableBody,
  createTableStatements,
  ddlScript,
  PermissionAction,
  PermissionResource,
  TABLE_DDL_DENIED_MESSAGE,
  type TableDdlResponse,
} from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { badRequest, forbidden } from '../../errors'
import { roleCan } from '../organizations/permissions'
import { accessFor, assertRunning, leaseWithRetry, sqlProjectFor } from '../sql-editor/service'
import { type Caller, rowError, withTable } from './service'

/** The platform's and Postgres's own schemas: never created in or changed from here. */
const RESERVED_SCHEMA = /^(pg_.*|information_schema|_pgfleet)$/

/**
 * Runs the statements in one transaction, each alone through the extended protocol: Postgres then refuses a
 * statement that is really two (a default such as `0; drop table x`), so only the SQL that was shown can run.
 */
async function runStatements(client: pg.ClientBase, statements: string[]): Promise<void> {
  await client.query('begin')
  try {
    for (const text of statements) await client.query({ text, queryMode: 'extended' } as pg.QueryConfig)
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}

export async function createTable(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: CreateTableBody,
): Promise<TableDdlResponse> {
  const project = await sqlProjectFor(ctx, userId, ref)
  accessFor(project, true)
  if (!roleCan(project.role, PermissionAction.SQL_WRITE, PermissionResource.DATABASE)) {
    throw forbidden(TABLE_DDL_DENIED_MESSAGE)
  }
  if (RESERVED_SCHEMA.test(body.schema)) throw badRequest(`Tables cannot be created in the ${body.schema} schema`)
  assertRunning(project.row)
  const statements = createTableStatements(body)
  const { lease } = await leaseWithRetry(ctx, project.row, 'write', { userId })
  let failed = true
  try {
    await runStatements(lease.client, statements)
    const created = await lease.client.query<{ id: number }>({
      text: 'select c.oid::int as id from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2',
      values: [body.schema, body.name],
    })
    failed = false
    return { id: created.rows[0]?.id ?? 0, sql: ddlScript(statements) }
  } catch (error) {
    throw rowError(error)
  } finally {
    await lease.release(failed)
  }
}

/** A dropped foreign key must be one of this table's, on that column: never another kind of constraint. */
async function checkDroppedForeignKeys(client: pg.ClientBase, tableId: number, body: AlterTableBody): Promise<void> {
  for (const change of body.changeColumns ?? []) {
    if (!change.dropForeignKey) continue
    const found = await client.query({
      text: `select 1 from pg_catalog.pg_constraint c
             join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
             where c.conrelid = $1::int8::oid and c.contype = 'f' and c.conname = $2 and a.attname = $3`,
      values: [tableId, change.dropForeignKey, change.name],
    })
    if (found.rowCount === 0) {
      throw badRequest(`"${change.dropForeignKey}" is not a foreign key on column "${change.name}"`)
    }
  }
}

function checkReferencedSchemas(body: AlterTableBody): void {
  for (const change of body.changeColumns ?? []) {
    if (change.references && RESERVED_SCHEMA.test(change.references.schema)) {
      throw badRequest(`Foreign keys cannot reference tables in the ${change.references.schema} schema`)
    }
  }
}

export async function alterTable(ctx: AppContext, caller: Caller, body: AlterTableBody): Promise<TableDdlResponse> {
  checkReferencedSchemas(body)
  return withTable(ctx, caller, 'write', async (client, shape) => {
    if (shape.kind !== 'r' && shape.kind !== 'p') throw badRequest('Only tables can be changed here, not views')
    await checkDroppedForeignKeys(client, shape.id, body)
    const statements = alterTableStatements(shape, body)
    if (statements.length === 0) throw badRequest('Nothing to change')
    await runStatements(client, statements)
    return { id: shape.id, sql: ddlScript(statements) }
  })
}

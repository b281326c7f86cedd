import type { PgExtension, PgFunction, PgMetaListQuery, PgPolicy, PgSchema, PgTable } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { queryJsonRows, queryJsonText } from '../pg-meta/connection'
import { listStatement, type MetaList } from '../pg-meta/service'
import { projectSql } from '../sql-editor/running-queries'

/** A metadata read for the model that runs longer than this is cancelled (the model gets the error). */
export const METADATA_STATEMENT_TIMEOUT_MS = 5_000

export interface MetadataProject {
  ref: string
  sql_statement_timeout_ms: number
}

/**
 * Reads one catalog list for the model as the project's read-only role, in a read-only transaction with a short
 * statement timeout: the model chooses only which list and which (already allowed) schemas, never the SQL.
 */
async function readList<T>(
  ctx: AppContext,
  project: MetadataProject,
  userId: number,
  list: MetaList,
  query: Partial<PgMetaListQuery>,
): Promise<T[]> {
  const statement = listStatement(list, {
    include_system_schemas: false,
    include_columns: false,
    include_default_roles: false,
    ...query,
  })
  const sql = await projectSql(ctx, project.ref, project.sql_statement_timeout_ms)
  const lease = await sql.lease('read', { userId })
  let failed = false
  try {
    await lease.client.query('begin transaction read only')
    await lease.client.query(`set local statement_timeout = ${METADATA_STATEMENT_TIMEOUT_MS}`)
    const json = statement.rows
      ? await queryJsonRows(lease.client, statement.text, statement.values)
      : await queryJsonText(lease.client, statement.text, statement.values)
    await lease.client.query('commit')
    return (JSON.parse(json) ?? []) as T[]
  } catch (error) {
    failed = true
    throw error
  } finally {
    await lease.release(failed)
  }
}

/** What the model learns of the shared schemas: compact, without ids or internals. */
export class ProjectMetadataReader {
  constructor(
    private readonly ctx: AppContext,
    private readonly project: MetadataProject,
    private readonly userId: number,
    /** the only schemas the model may learn about */
    readonly sharedSchemas: readonly string[],
  ) {}

  /** The asked-for schemas that are shared (all shared ones when none is asked for). */
  private scope(asked: readonly string[] | undefined): string[] {
    if (!asked || asked.length === 0) return [...this.sharedSchemas]
    return asked.filter((schema) => this.sharedSchemas.includes(schema))
  }

  async schemas() {
    const rows = await readList<PgSchema>(this.ctx, this.project, this.userId, 'schemas', {
      included_schemas: [...this.sharedSchemas],
    })
    return rows.map((schema) => schema.name)
  }

  async tables(asked?: readonly string[], includeColumns = true) {
    const schemas = this.scope(asked)
    if (schemas.length === 0) return []
    const rows = await readList<PgTable>(this.ctx, this.project, this.userId, 'tables', {
      included_schemas: schemas,
      include_columns: includeColumns,
    })
    return rows.map((table) => ({
      schema: table.schema,
      name: table.name,
      rls_enabled: table.rls_enabled,
      primary_keys: table.primary_keys?.map((key) => key.name) ?? [],
      ...(includeColumns
        ? {
            columns: (table.columns ?? []).map((column) => ({
              name: column.name,
              type: column.format,
              nullable: column.is_nullable,
              default: column.default_value,
              ...(column.enums.length > 0 ? { enum: column.enums } : {}),
            })),
          }
        : {}),
      relationships: (table.relationships ?? []).map(
        (r) =>
          `${r.source_schema}.${r.source_table_name}.${r.source_column_name} -> ${r.target_table_schema}.${r.target_table_name}.${r.target_column_name}`,
      ),
    }))
  }

  async functions(asked?: readonly string[]) {
    const schemas = this.scope(asked)
    if (schemas.length === 0) return []
    const rows = await readList<PgFunction>(this.ctx, this.project, this.userId, 'functions', {
      included_schemas: schemas,
    })
    return rows.map((fn) => ({
      schema: fn.schema,
      name: fn.name,
      arguments: fn.argument_types,
      returns: fn.return_type,
      language: fn.language,
      behavior: fn.behavior,
      security_definer: fn.security_definer,
    }))
  }

  async policies(asked?: readonly string[]) {
    const schemas = this.scope(asked)
    if (schemas.length === 0) return []
    const rows = await readList<PgPolicy>(this.ctx, this.project, this.userId, 'policies', {
      included_schemas: schemas,
    })
    return rows.map((policy) => ({
      table: `${policy.schema}.${policy.table}`,
      name: policy.name,
      command: policy.command,
      action: policy.action,
      roles: policy.roles,
      using: policy.definition,
      with_check: policy.check,
    }))
  }

  async extensions() {
    const rows = await readList<PgExtension>(this.ctx, this.project, this.userId, 'extensions', {})
    return rows
      .filter((extension) => extension.installed_version !== null)
      .map((extension) => ({ name: extension.name, schema: extension.schema, version: extension.installed_version }))
  }
}

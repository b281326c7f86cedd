import type { PgPolicy, PgRole, PgTable } from '@pgfleet/contracts'
import { DATA_API_ROLES } from './project-auth.constants'

export type TablePolicies = {
  schema: string
  table: string
  tableId: number
  policies: PgPolicy[]
}

/** Policies grouped under their table, tables sorted by schema then name, each table's policies by name. */
export function groupPoliciesByTable(policies: readonly PgPolicy[]): TablePolicies[] {
  const groups = new Map<number, TablePolicies>()
  for (const policy of policies) {
    let group = groups.get(policy.table_id)
    if (!group) {
      group = { schema: policy.schema, table: policy.table, tableId: policy.table_id, policies: [] }
      groups.set(policy.table_id, group)
    }
    group.policies.push(policy)
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return [...groups.values()]
    .sort((a, b) => byName(a.schema, b.schema) || byName(a.table, b.table))
    .map((group) => ({ ...group, policies: group.policies.sort((a, b) => byName(a.name, b.name)) }))
}

/** Names of the tables with row-level security off, sorted. */
export function tablesWithoutRls(tables: readonly Pick<PgTable, 'name' | 'rls_enabled'>[]): string[] {
  return tables
    .filter((table) => !table.rls_enabled)
    .map((table) => table.name)
    .sort()
}

/** Tables with row-level security on but no policy at all: only roles that bypass RLS see their rows. */
export function rlsTablesWithoutPolicies<T extends Pick<PgTable, 'id' | 'rls_enabled'>>(
  tables: readonly T[],
  policies: readonly Pick<PgPolicy, 'table_id'>[],
): T[] {
  const withPolicy = new Set(policies.map((policy) => policy.table_id))
  return tables.filter((table) => table.rls_enabled && !withPolicy.has(table.id))
}

export type DataApiRole = { name: string; usedFor: string; role: PgRole | undefined }

/** The data API's roles with what the database says about each; `role` is undefined when it was dropped. */
export function dataApiRoles(roles: readonly PgRole[]): DataApiRole[] {
  const byName = new Map(roles.map((role) => [role.name, role]))
  return DATA_API_ROLES.map(({ name, usedFor }) => ({ name, usedFor, role: byName.get(name) }))
}

/** Postgres says -1 for "no limit". */
export function formatConnectionLimit(limit: number, noLimitLabel: string): string {
  return limit < 0 ? noLimitLabel : String(limit)
}

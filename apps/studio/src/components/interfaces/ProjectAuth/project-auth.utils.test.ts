import type { PgPolicy, PgRole } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  dataApiRoles,
  formatConnectionLimit,
  groupPoliciesByTable,
  rlsTablesWithoutPolicies,
  tablesWithoutRls,
} from './project-auth.utils'

const policy = (fields: Partial<PgPolicy> & Pick<PgPolicy, 'name' | 'table' | 'table_id'>): PgPolicy => ({
  id: Math.floor(Math.random() * 1e6),
  schema: 'public',
  action: 'PERMISSIVE',
  roles: ['public'],
  command: 'ALL',
  definition: null,
  check: null,
  ...fields,
})

const role = (name: string, fields: Partial<PgRole> = {}): PgRole => ({
  id: name.length,
  name,
  is_superuser: false,
  can_create_db: false,
  can_create_role: false,
  inherit_role: false,
  can_login: false,
  is_replication_role: false,
  can_bypass_rls: false,
  active_connections: 0,
  connection_limit: -1,
  password: '********',
  valid_until: null,
  config: null,
  ...fields,
})

describe('project auth utils', () => {
  it('groups policies under their table, sorted by schema, table and policy name', () => {
    const groups = groupPoliciesByTable([
      policy({ name: 'zeta', table: 'todos', table_id: 2 }),
      policy({ name: 'own rows', table: 'settings', table_id: 3, schema: 'app' }),
      policy({ name: 'alpha', table: 'todos', table_id: 2 }),
      policy({ name: 'read', table: 'books', table_id: 1 }),
    ])
    expect(groups.map((g) => `${g.schema}.${g.table}`)).toEqual(['app.settings', 'public.books', 'public.todos'])
    expect(groups[2]?.policies.map((p) => p.name)).toEqual(['alpha', 'zeta'])
    expect(groupPoliciesByTable([])).toEqual([])
  })

  it('keeps two tables with the same name in different schemas apart', () => {
    const groups = groupPoliciesByTable([
      policy({ name: 'a', table: 'items', table_id: 10, schema: 'public' }),
      policy({ name: 'b', table: 'items', table_id: 11, schema: 'app' }),
    ])
    expect(groups.map((g) => [g.schema, g.policies.length])).toEqual([
      ['app', 1],
      ['public', 1],
    ])
  })

  it('names the tables without row-level security, and those with it but no policy', () => {
    const tables = [
      { id: 1, name: 'todos', rls_enabled: false },
      { id: 2, name: 'books', rls_enabled: true },
      { id: 3, name: 'authors', rls_enabled: false },
      { id: 4, name: 'secrets', rls_enabled: true },
    ]
    expect(tablesWithoutRls(tables)).toEqual(['authors', 'todos'])
    expect(rlsTablesWithoutPolicies(tables, [{ table_id: 2 }]).map((t) => t.name)).toEqual(['secrets'])
  })

  it('lists the data API roles in a fixed order and marks a dropped one', () => {
    const rows = dataApiRoles([
      role('postgres', { is_superuser: true }),
      role('service_role', { can_bypass_rls: true }),
      role('anon'),
      role('authenticator', { can_login: true }),
    ])
    expect(rows.map((row) => row.name)).toEqual(['anon', 'authenticated', 'service_role', 'authenticator'])
    expect(rows[1]?.role).toBeUndefined()
    expect(rows[2]?.role?.can_bypass_rls).toBe(true)
  })

  it('formats a connection limit', () => {
    expect(formatConnectionLimit(-1, 'No limit')).toBe('No limit')
    expect(formatConnectionLimit(20, 'No limit')).toBe('20')
  })
})

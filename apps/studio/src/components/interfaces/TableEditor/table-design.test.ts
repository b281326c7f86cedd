import type { PgColumn, PgRelationship, PgTable } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { alterTableBody, draftOf, foreignKeysOf } from './table-design'

/** The Edit table panel's foreign keys on existing columns: read from the table, changed as a drop and an add. */
const column = (name: string, position: number): PgColumn => ({
  id: `7.${position}`,
  table_id: 7,
  ordinal_position: position,
  name,
  data_type: 'bigint',
  format: 'int8',
  default_value: null,
  is_nullable: true,
  is_primary_key: false,
  is_identity: false,
  identity_generation: null,
  is_generated: false,
  is_unique: false,
  is_updatable: true,
  enums: [],
  check: null,
  comment: null,
})

const relationship = (constraint: string, source: string, target: string, from = 'items'): PgRelationship => ({
  id: 1,
  constraint_name: constraint,
  source_schema: 'public',
  source_table_name: from,
  source_column_name: source,
  target_table_schema: 'public',
  target_table_name: target,
  target_column_name: 'id',
})

const table = (relationships: PgRelationship[]): PgTable => ({
  id: 7,
  schema: 'public',
  name: 'items',
  rls_enabled: true,
  rls_forced: false,
  replica_identity: 'DEFAULT',
  bytes: 0,
  size: '0 bytes',
  live_rows_estimate: 0,
  dead_rows_estimate: 0,
  comment: null,
  primary_keys: [],
  relationships,
  columns: [column('shop', 1), column('owner', 2), column('a', 3), column('b', 4)],
})

const shops = { schema: 'public', table: 'shops', column: 'id' }
const people = { schema: 'public', table: 'people', column: 'id' }

describe('foreign keys of existing columns', () => {
  const items = table([
    relationship('items_owner_fkey', 'owner', 'people'),
    relationship('items_ab_fkey', 'a', 'pairs'),
    relationship('items_ab_fkey', 'b', 'pairs'),
    relationship('orders_item_fkey', 'id', 'items', 'orders'),
  ])

  it('reads the single-column keys and marks keys over several columns; keys pointing here are not the table’s', () => {
    const keys = foreignKeysOf(items)
    expect(keys.get('owner')).toEqual({ constraint: 'items_owner_fkey', reference: people })
    expect(keys.get('a')).toBe('several columns')
    expect(keys.get('b')).toBe('several columns')
    expect(keys.has('id')).toBe(false)
  })

  it('adds a key to a column without one, replaces one as a drop and an add, and drops one', () => {
    const draft = draftOf(items)
    const edit = (name: string, references: typeof shops | null) => {
      const found = draft.columns.find((candidate) => candidate.name === name)
      if (found) found.references = references
    }
    expect(alterTableBody(items, draft).changeColumns).toEqual([])
    edit('shop', shops)
    edit('owner', shops)
    expect(alterTableBody(items, draft).changeColumns).toEqual([
      { name: 'shop', references: shops },
      { name: 'owner', dropForeignKey: 'items_owner_fkey', references: shops },
    ])
    edit('owner', null)
    edit('shop', null)
    expect(alterTableBody(items, draft).changeColumns).toEqual([{ name: 'owner', dropForeignKey: 'items_owner_fkey' }])
  })

  it('leaves a key over several columns alone', () => {
    const draft = draftOf(items)
    const a = draft.columns.find((candidate) => candidate.name === 'a')
    if (a) a.references = shops
    expect(alterTableBody(items, draft).changeColumns).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { AlterTableBody, alterTableStatements, CreateTableBody, createTableStatements, ddlScript } from './table-ddl'

const hostile = 'x"; drop table users; --'

describe('createTableStatements', () => {
  it('writes columns with types, defaults, keys, unique, NOT NULL, a foreign key and RLS', () => {
    const body = CreateTableBody.parse({
      schema: 'public',
      name: 'orders',
      columns: [
        { name: 'id', type: 'bigint', default: null, primaryKey: true, nullable: false },
        {
          name: 'customer_id',
          type: 'int8',
          nullable: false,
          references: { schema: 'public', table: 'customers', column: 'id' },
        },
        { name: 'code', type: 'character varying(20)', unique: true },
        { name: 'total', type: 'numeric(10, 2)', default: '0' },
        { name: 'created_at', type: 'timestamptz', default: 'now()', nullable: false },
      ],
    })
    expect(ddlScript(createTableStatements(body))).toBe(
      [
        'create table "public"."orders" (',
        '  "id" bigint primary key,',
        '  "customer_id" int8 not null references "public"."customers" ("id"),',
        '  "code" character varying(20) unique,',
        '  "total" numeric(10, 2) default 0,',
        '  "created_at" timestamptz default now() not null',
        ');',
        'alter table "public"."orders" enable row level security;',
      ].join('\n'),
    )
  })

  it('quotes hostile names everywhere, so they stay names', () => {
    const body = CreateTableBody.parse({
      schema: hostile,
      name: hostile,
      rls: false,
      columns: [
        { name: hostile, type: 'text', references: { schema: hostile, table: hostile, column: hostile } },
        { name: 'a', type: 'int4', primaryKey: true },
        { name: 'b', type: 'int4', primaryKey: true },
      ],
    })
    const quoted = '"x""; drop table users; --"'
    expect(createTableStatements(body)).toEqual([
      `create table ${quoted}.${quoted} (\n  ${quoted} text references ${quoted}.${quoted} (${quoted}),\n  "a" int4,\n  "b" int4,\n  primary key ("a", "b")\n)`,
    ])
  })

  it('refuses a type that is not a plain type name, and empty or NUL names', () => {
    const table = (type: string, name = 'c') =>
      CreateTableBody.safeParse({ schema: 'public', name: 't', columns: [{ name, type }] })
    expect(table('text[]').success).toBe(true)
    expect(table('public.mood').success).toBe(true)
    expect(table('double precision').success).toBe(true)
    expect(table('text); drop table users; --').success).toBe(false)
    expect(table('int4 primary key').success).toBe(false)
    expect(table('timestamp with time zone').success).toBe(true)
    expect(table('"quoted"').success).toBe(false)
    expect(table('int4', '').success).toBe(false)
    expect(table('int4', 'a\0b').success).toBe(false)
    expect(table('int4', 'x'.repeat(64)).success).toBe(false)
  })
})

describe('alterTableStatements', () => {
  it('drops, changes, adds, toggles RLS and renames, in that order', () => {
    const change = AlterTableBody.parse({
      newName: 'renamed',
      rls: false,
      dropColumns: ['old'],
      changeColumns: [
        { name: 'n', newName: 'count', type: 'int8', default: '0', nullable: false, unique: true },
        { name: 'note', default: null, nullable: true },
      ],
      addColumns: [{ name: 'added', type: 'text', default: "'x'" }],
    })
    expect(alterTableStatements({ schema: 'public', name: 't' }, change)).toEqual([
      'alter table "public"."t" drop column "old"',
      'alter table "public"."t" alter column "n" type int8 using "n"::int8',
      'alter table "public"."t" alter column "n" set default 0',
      'alter table "public"."t" alter column "n" set not null',
      'alter table "public"."t" add unique ("n")',
      'alter table "public"."t" rename column "n" to "count"',
      'alter table "public"."t" alter column "note" drop default',
      'alter table "public"."t" alter column "note" drop not null',
      `alter table "public"."t" add column "added" text default 'x'`,
      'alter table "public"."t" disable row level security',
      'alter table "public"."t" rename to "renamed"',
    ])
  })

  it('quotes hostile names in every clause and writes nothing for no change', () => {
    const change = AlterTableBody.parse({
      newName: `${hostile}!`,
      changeColumns: [{ name: hostile, newName: `${hostile}2` }],
    })
    expect(alterTableStatements({ schema: hostile, name: hostile }, change)).toEqual([
      'alter table "x""; drop table users; --"."x""; drop table users; --" rename column "x""; drop table users; --" to "x""; drop table users; --2"',
      'alter table "x""; drop table users; --"."x""; drop table users; --" rename to "x""; drop table users; --!"',
    ])
    expect(alterTableStatements({ schema: 'public', name: 't' }, AlterTableBody.parse({}))).toEqual([])
  })
})

describe('foreign keys on existing columns', () => {
  it('drops a column’s foreign key before a type change and adds the new one after it, before a rename', () => {
    const change = AlterTableBody.parse({
      changeColumns: [
        {
          name: 'owner',
          newName: 'owner_id',
          type: 'int8',
          dropForeignKey: 'orders_owner_fkey',
          references: { schema: 'public', table: 'people', column: 'id' },
        },
        { name: 'shop_id', references: { schema: 'shop', table: 'shops', column: 'id' } },
      ],
    })
    expect(ddlScript(alterTableStatements({ schema: 'public', name: 'orders' }, change))).toBe(
      [
        'alter table "public"."orders" drop constraint "orders_owner_fkey";',
        'alter table "public"."orders" alter column "owner" type int8 using "owner"::int8;',
        'alter table "public"."orders" add foreign key ("owner") references "public"."people" ("id");',
        'alter table "public"."orders" rename column "owner" to "owner_id";',
        'alter table "public"."orders" add foreign key ("shop_id") references "shop"."shops" ("id");',
      ].join('\n'),
    )
  })

  it('quotes a hostile constraint name and refuses a NUL in it', () => {
    const change = AlterTableBody.parse({ changeColumns: [{ name: 'a', dropForeignKey: hostile }] })
    expect(alterTableStatements({ schema: 'public', name: 't' }, change)).toEqual([
      'alter table "public"."t" drop constraint "x""; drop table users; --"',
    ])
    expect(AlterTableBody.safeParse({ changeColumns: [{ name: 'a', dropForeignKey: 'a\0b' }] }).success).toBe(false)
  })
})

import type { PgColumn, PgFunction, PgFunctionArg, PgTable, PgType, PgView } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { generateTypescript, type TypesInput } from './typescript'

const column = (name: string, format: string, extra: Partial<PgColumn> = {}): PgColumn => ({
  id: `1.${name}`,
  table_id: 1,
  ordinal_position: 1,
  name,
  data_type: 'text',
  format,
  default_value: null,
  is_nullable: false,
  is_primary_key: false,
  is_identity: false,
  identity_generation: null,
  is_generated: false,
  is_unique: false,
  is_updatable: true,
  enums: [],
  check: null,
  comment: null,
  ...extra,
})

const table = (name: string, columns: PgColumn[], schema = 'public'): PgTable => ({
  id: name.length,
  schema,
  name,
  rls_enabled: false,
  rls_forced: false,
  replica_identity: 'DEFAULT',
  bytes: 0,
  size: '0 bytes',
  live_rows_estimate: 0,
  dead_rows_estimate: 0,
  comment: null,
  primary_keys: [],
  relationships: [],
  columns,
})

const arg = (name: string, typeName: string, extra: Partial<PgFunctionArg> = {}): PgFunctionArg => ({
  mode: 'in',
  name,
  type_id: 0,
  type: typeName,
  type_name: typeName,
  has_default: false,
  default: null,
  ...extra,
})

const fn = (name: string, args: PgFunctionArg[], returns: string, extra: Partial<PgFunction> = {}): PgFunction => ({
  id: 1,
  schema: 'public',
  name,
  kind: 'function',
  language: 'sql',
  definition: '',
  complete_statement: '',
  args,
  argument_types: '',
  identity_argument_types: '',
  return_type_id: 0,
  return_type: returns,
  return_type_name: returns,
  return_type_schema: 'pg_catalog',
  return_type_relation_id: null,
  is_set_returning_function: false,
  behavior: 'VOLATILE',
  security_definer: false,
  config_params: null,
  comment: null,
  ...extra,
})

const input = (extra: Partial<TypesInput>): TypesInput => ({
  schemas: ['public'],
  tables: [],
  views: [],
  materializedViews: [],
  functions: [],
  foreignKeys: [],
  types: [],
  ...extra,
})

describe('generateTypescript', () => {
  it('maps Postgres types and quotes names that are not identifiers', () => {
    const types = generateTypescript(
      input({
        tables: [
          table('odd table', [
            column('user-id', 'uuid'),
            column('count', 'int8'),
            column('ok', 'bool', { is_nullable: true }),
            column('doc', 'jsonb'),
            column('at', 'timestamptz'),
            column('matrix', '_float8'),
            column('blob', 'tsvector'),
            column('shape', 'geometry'),
          ]),
        ],
      }),
    )
    expect(types).toContain('"odd table": {')
    expect(types).toContain('"user-id": string')
    expect(types).toContain('count: number')
    expect(types).toContain('ok: boolean | null')
    expect(types).toContain('doc: Json')
    expect(types).toContain('at: string')
    expect(types).toContain('matrix: number[]')
    expect(types).toContain('blob: string')
    expect(types).toContain('shape: unknown')
  })

  it('inlines enums of schemas that are not generated, and references the others', () => {
    const enums: PgType[] = [
      {
        id: 1,
        name: 'level',
        schema: 'other',
        format: 'other.level',
        kind: 'enum',
        enums: ['low', 'high'],
        attributes: [],
        comment: null,
      },
      {
        id: 2,
        name: 'mood',
        schema: 'public',
        format: 'mood',
        kind: 'enum',
        enums: ['ok'],
        attributes: [],
        comment: null,
      },
    ]
    const types = generateTypescript(
      input({ tables: [table('t', [column('level', 'level'), column('moods', '_mood')])], types: enums }),
    )
    expect(types).toContain('level: "low" | "high"')
    expect(types).toContain('moods: Database["public"]["Enums"]["mood"][]')
    expect(types).toContain('mood: "ok"')
    expect(types).not.toContain('level: Database')
  })

  it('writes overloads as a union, no-argument functions with Args: never, and skips what the API cannot call', () => {
    const types = generateTypescript(
      input({
        functions: [
          fn('now_utc', [], 'timestamptz'),
          fn('pick', [arg('id', 'int4')], 'text'),
          fn('pick', [arg('name', 'text')], 'text'),
          fn('unnamed', [arg('', 'int4')], 'int4'),
          fn('proc', [], 'void', { kind: 'procedure' }),
          fn('on_change', [], 'trigger'),
          fn('nothing', [arg('x', 'int4', { has_default: true })], 'void'),
          fn('ids', [], 'int8', { is_set_returning_function: true }),
        ],
      }),
    )
    expect(types).toContain('now_utc: { Args: never; Returns: string }')
    expect(types).toContain(
      'pick:\n        | { Args: { id: number }; Returns: string }\n        | { Args: { name: string }; Returns: string }',
    )
    expect(types).toContain('nothing: { Args: { x?: number }; Returns: undefined }')
    expect(types).toContain('ids: { Args: never; Returns: number[] }')
    for (const skipped of ['unnamed', 'proc', 'on_change']) expect(types).not.toContain(`${skipped}:`)
  })

  it('gives updatable views Insert and Update, and empty sections a never record', () => {
    const view: PgView = {
      id: 9,
      schema: 'public',
      name: 'active',
      is_updatable: true,
      comment: null,
      columns: [column('id', 'int4'), column('total', 'numeric', { is_updatable: false })],
    }
    const types = generateTypescript(input({ views: [view] }))
    expect(types).toContain('Tables: { [_ in never]: never }')
    expect(types).toContain('Insert: {\n          id?: number | null\n          total?: never\n        }')
    expect(types).toContain('Enums: { [_ in never]: never }')
    expect(types).toContain('export const Constants = {\n  public: {\n    Enums: {},')
  })
})

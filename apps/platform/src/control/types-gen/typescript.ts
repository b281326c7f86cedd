import type {
  PgColumn,
  PgForeignKey,
  PgFunction,
  PgFunctionArg,
  PgMaterializedView,
  PgTable,
  PgType,
  PgView,
} from '@pgfleet/contracts'

/**
 * Writes the `Database` type supabase-js expects (`createClient<Database>()`): per schema, Tables with
 * Row/Insert/Update/Relationships, Views, Functions with Args/Returns, Enums and CompositeTypes, then the
 * usual helper types and a `Constants` object with the enum values. Pure: the caller reads the catalog.
 */
export interface TypesInput {
  /** the schemas to describe, in the order they should appear */
  schemas: string[]
  tables: PgTable[]
  views: PgView[]
  materializedViews: PgMaterializedView[]
  functions: PgFunction[]
  foreignKeys: PgForeignKey[]
  /** enums and composite types of every non-system schema, so references outside `schemas` resolve too */
  types: PgType[]
}

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'xid', 'cid'])
const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'citext',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'macaddr8',
  'money',
  'bit',
  'varbit',
  'tsvector',
  'tsquery',
  'xml',
  'ltree',
  'lquery',
  'vector',
  'int4range',
  'int8range',
  'numrange',
  'tsrange',
  'tstzrange',
  'daterange',
  'point',
  'line',
  'lseg',
  'box',
  'path',
  'polygon',
  'circle',
  'regclass',
  'regproc',
  'regtype',
])
const NEVER_RECORD = '{ [_ in never]: never }'

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name))
const literal = (value: string) => JSON.stringify(value)
const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** Builds TypeScript text from nested property lists, two-space indented. */
class Printer {
  private readonly lines: string[] = []
  private depth = 0

  line(text = ''): this {
    this.lines.push(text ? `${'  '.repeat(this.depth)}${text}` : '')
    return this
  }

  block(open: string, close: string, body: () => void): this {
    this.line(open)
    this.depth++
    body()
    this.depth--
    return this.line(close)
  }

  indented(body: () => void): this {
    this.depth++
    body()
    this.depth--
    return this
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`
  }
}

export function generateTypescript(input: TypesInput): string {
  const included = new Set(input.schemas)
  const relationById = new Map<number, { schema: string; name: string; section: 'Tables' | 'Views' }>()
  for (const t of input.tables) relationById.set(t.id, { schema: t.schema, name: t.name, section: 'Tables' })
  for (const v of [...input.views, ...input.materializedViews]) {
    relationById.set(v.id, { schema: v.schema, name: v.name, section: 'Views' })
  }

  /** A Postgres type (by its name, e.g. int4, _text, mood) as TypeScript, seen from a schema. */
  function tsType(typeName: string, fromSchema: string): string {
    if (typeName.startsWith('_')) {
      const element = tsType(typeName.slice(1), fromSchema)
      return /[|&]/.test(element) ? `(${element})[]` : `${element}[]`
    }
    if (typeName === 'bool') return 'boolean'
    if (NUMBER_TYPES.has(typeName)) return 'number'
    if (STRING_TYPES.has(typeName)) return 'string'
    if (typeName === 'json' || typeName === 'jsonb') return 'Json'
    if (typeName === 'void') return 'undefined'
    if (typeName === 'record') return 'Record<string, unknown>'
    const candidates = input.types.filter((t) => t.name === typeName)
    const type =
      candidates.find((t) => t.schema === fromSchema) ?? candidates.find((t) => included.has(t.schema)) ?? candidates[0]
    if (type?.kind === 'enum') {
      return included.has(type.schema)
        ? `Database[${literal(type.schema)}]["Enums"][${literal(type.name)}]`
        : type.enums.map(literal).join(' | ') || 'string'
    }
    if (type?.kind === 'composite' && included.has(type.schema)) {
      return `Database[${literal(type.schema)}]["CompositeTypes"][${literal(type.name)}]`
    }
    const relation = [...relationById.values()].find((r) => r.name === typeName && r.schema === fromSchema)
    if (relation)
      return `Database[${literal(relation.schema)}][${literal(relation.section)}][${literal(relation.name)}]["Row"]`
    return 'unknown'
  }

  const columnType = (column: PgColumn, schema: string) => tsType(column.format, schema)
  const nullable = (type: string, isNullable: boolean) => (isNullable ? `${type} | null` : type)
  const neverWritten = (column: PgColumn) =>
    column.is_generated || (column.is_identity && column.identity_generation === 'ALWAYS')

  const p = new Printer()
  p.line('export type Json =')
  p.line('  | string')
  p.line('  | number')
  p.line('  | boolean')
  p.line('  | null')
  p.line('  | { [key: string]: Json | undefined }')
  p.line('  | Json[]')
  p.line()

  const section = (name: string, entries: unknown[], body: () => void) => {
    if (entries.length === 0) p.line(`${name}: ${NEVER_RECORD}`)
    else p.block(`${name}: {`, '}', body)
  }

  const printColumns = (label: string, columns: PgColumn[], line: (column: PgColumn) => string) => {
    if (columns.length === 0) p.line(`${label}: ${NEVER_RECORD}`)
    else {
      p.block(`${label}: {`, '}', () => {
        for (const column of columns) p.line(line(column))
      })
    }
  }

  const printRelationships = (schema: string, table: string) => {
    const keys = input.foreignKeys
      .filter((fk) => fk.source_schema === schema && fk.source_table_name === table && fk.target_schema === schema)
      .sort((a, b) => (a.constraint_name < b.constraint_name ? -1 : 1))
    if (keys.length === 0) {
      p.line('Relationships: []')
      return
    }
    p.block('Relationships: [', ']', () => {
      for (const fk of keys) {
        p.block('{', '},', () => {
          p.line(`foreignKeyName: ${literal(fk.constraint_name)}`)
          p.line(`columns: [${fk.source_columns.map(literal).join(', ')}]`)
          p.line(`isOneToOne: ${fk.is_one_to_one}`)
          p.line(`referencedRelation: ${literal(fk.target_table_name)}`)
          p.line(`referencedColumns: [${fk.target_columns.map(literal).join(', ')}]`)
        })
      }
    })
  }

  const argsType = (args: PgFunctionArg[], schema: string) => {
    const fields = args.map((a) => `${key(a.name)}${a.has_default ? '?' : ''}: ${tsType(a.type_name, schema)}`)
    return fields.length === 0 ? 'never' : `{ ${fields.join('; ')} }`
  }

  function returnsType(fn: PgFunction): string {
    const outputs = fn.args.filter((a) => a.mode === 'table' || a.mode === 'out' || a.mode === 'inout')
    let row: string
    if (outputs.length > 0 && fn.return_type_name === 'record') {
      row = `{ ${outputs.map((a) => `${key(a.name)}: ${tsType(a.type_name, fn.schema)}`).join('; ')} }`
    } else if (fn.return_type_relation_id !== null) {
      const relation = relationById.get(fn.return_type_relation_id)
      row = relation
        ? `Database[${literal(relation.schema)}][${literal(relation.section)}][${literal(relation.name)}]["Row"]`
        : tsType(fn.return_type_name, fn.return_type_schema)
    } else {
      row = tsType(fn.return_type_name, fn.return_type_schema)
    }
    if (!fn.is_set_returning_function) return row
    return /[|&]/.test(row) ? `(${row})[]` : `${row}[]`
  }

  /** What PostgREST can call: functions (not procedures or triggers) whose inputs all have names. */
  const callable = (fn: PgFunction) =>
    fn.kind === 'function' &&
    !['trigger', 'event_trigger'].includes(fn.return_type_name) &&
    fn.args.every((a) => a.name !== '' || a.mode === 'out' || a.mode === 'table')

  const inputs = (fn: PgFunction) =>
    fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic')

  p.block('export type Database = {', '}', () => {
    for (const schema of input.schemas) {
      const tables = input.tables.filter((t) => t.schema === schema).sort(byName)
      const views = [...input.views, ...input.materializedViews].filter((v) => v.schema === schema).sort(byName)
      const functions = input.functions.filter((f) => f.schema === schema && callable(f)).sort(byName)
      const enums = input.types.filter((t) => t.schema === schema && t.kind === 'enum').sort(byName)
      const composites = input.types.filter((t) => t.schema === schema && t.kind === 'composite').sort(byName)

      p.block(`${key(schema)}: {`, '}', () => {
        section('Tables', tables, () => {
          for (const table of tables) {
            const columns = [...(table.columns ?? [])].sort(byName)
            p.block(`${key(table.name)}: {`, '}', () => {
              printColumns('Row', columns, (c) => `${key(c.name)}: ${nullable(columnType(c, schema), c.is_nullable)}`)
              const write = (forInsert: boolean) => (c: PgColumn) => {
                if (neverWritten(c)) return `${key(c.name)}?: never`
                const optional =
                  !forInsert || c.is_nullable || c.default_value !== null || c.is_identity || c.is_generated
                return `${key(c.name)}${optional ? '?' : ''}: ${nullable(columnType(c, schema), c.is_nullable)}`
              }
              printColumns('Insert', columns, write(true))
              printColumns('Update', columns, write(false))
              printRelationships(schema, table.name)
            })
          }
        })
        section('Views', views, () => {
          for (const view of views) {
            const columns = [...(view.columns ?? [])].sort(byName)
            p.block(`${key(view.name)}: {`, '}', () => {
              printColumns('Row', columns, (c) => `${key(c.name)}: ${columnType(c, schema)} | null`)
              if ('is_updatable' in view && view.is_updatable) {
                const write = (c: PgColumn) =>
                  c.is_updatable ? `${key(c.name)}?: ${columnType(c, schema)} | null` : `${key(c.name)}?: never`
                printColumns('Insert', columns, write)
                printColumns('Update', columns, write)
              }
              p.line('Relationships: []')
            })
          }
        })
        section('Functions', functions, () => {
          const names = [...new Set(functions.map((f) => f.name))]
          for (const name of names) {
            const overloads = functions.filter((f) => f.name === name)
            const variants = overloads.map(
              (fn) => `{ Args: ${argsType(inputs(fn), schema)}; Returns: ${returnsType(fn)} }`,
            )
            if (variants.length === 1) p.line(`${key(name)}: ${variants[0]}`)
            else {
              p.line(`${key(name)}:`).indented(() => {
                for (const variant of variants) p.line(`| ${variant}`)
              })
            }
          }
        })
        section('Enums', enums, () => {
          for (const e of enums) p.line(`${key(e.name)}: ${e.enums.map(literal).join(' | ') || 'never'}`)
        })
        section('CompositeTypes', composites, () => {
          for (const type of composites) {
            const fields = type.attributes.map((a) => `${key(a.name)}: ${tsType(a.type_name, schema)} | null`)
            p.line(`${key(type.name)}: ${fields.length ? `{ ${fields.join('; ')} }` : NEVER_RECORD}`)
          }
        })
      })
    }
  })
  p.line()
  printHelpers(p, input.schemas.includes('public') ? 'public' : (input.schemas[0] ?? 'public'))
  p.line()
  p.block('export const Constants = {', '} as const', () => {
    for (const schema of input.schemas) {
      const enums = input.types.filter((t) => t.schema === schema && t.kind === 'enum').sort(byName)
      p.block(`${key(schema)}: {`, '},', () => {
        if (enums.length === 0) p.line('Enums: {},')
        else {
          p.block('Enums: {', '},', () => {
            for (const e of enums) p.line(`${key(e.name)}: [${e.enums.map(literal).join(', ')}],`)
          })
        }
      })
    }
  })
  return p.toString()
}

/** Tables<'todos'>, TablesInsert<...>, TablesUpdate<...>, Enums<...>, CompositeTypes<...>, as supabase's CLI names them. */
function printHelpers(p: Printer, defaultSchema: string): void {
  const text = `type DefaultSchema = Database[${literal(defaultSchema)}]

export type Tables<
  Name extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]) | { schema: keyof Database },
  TableName extends Name extends { schema: keyof Database }
    ? keyof (Database[Name["schema"]]["Tables"] & Database[Name["schema"]]["Views"])
    : never = never,
> = Name extends { schema: keyof Database }
  ? (Database[Name["schema"]]["Tables"] & Database[Name["schema"]]["Views"])[TableName] extends { Row: infer R }
    ? R
    : never
  : (DefaultSchema["Tables"] & DefaultSchema["Views"])[Name & keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])] extends { Row: infer R }
    ? R
    : never

export type TablesInsert<
  Name extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends Name extends { schema: keyof Database } ? keyof Database[Name["schema"]]["Tables"] : never = never,
> = Name extends { schema: keyof Database }
  ? Database[Name["schema"]]["Tables"][TableName] extends { Insert: infer I } ? I : never
  : DefaultSchema["Tables"][Name & keyof DefaultSchema["Tables"]] extends { Insert: infer I } ? I : never

export type TablesUpdate<
  Name extends keyof DefaultSchema["Tables"] | { schema: keyof Database },
  TableName extends Name extends { schema: keyof Database } ? keyof Database[Name["schema"]]["Tables"] : never = never,
> = Name extends { schema: keyof Database }
  ? Database[Name["schema"]]["Tables"][TableName] extends { Update: infer U } ? U : never
  : DefaultSchema["Tables"][Name & keyof DefaultSchema["Tables"]] extends { Update: infer U } ? U : never

export type Enums<
  Name extends keyof DefaultSchema["Enums"] | { schema: keyof Database },
  EnumName extends Name extends { schema: keyof Database } ? keyof Database[Name["schema"]]["Enums"] : never = never,
> = Name extends { schema: keyof Database }
  ? Database[Name["schema"]]["Enums"][EnumName]
  : DefaultSchema["Enums"][Name & keyof DefaultSchema["Enums"]]

export type CompositeTypes<
  Name extends keyof DefaultSchema["CompositeTypes"] | { schema: keyof Database },
  TypeName extends Name extends { schema: keyof Database } ? keyof Database[Name["schema"]]["CompositeTypes"] : never = never,
> = Name extends { schema: keyof Database }
  ? Database[Name["schema"]]["CompositeTypes"][TypeName]
  : DefaultSchema["CompositeTypes"][Name & keyof DefaultSchema["CompositeTypes"]]`
  for (const line of text.split('\n')) p.line(line)
}

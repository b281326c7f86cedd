import { z } from 'zod'

/**
 * Creating and changing tables from the table editor. The dashboard shows the SQL these functions write, and the
 * server writes it again from the same request with the same functions before running it, so what was shown is
 * what runs. Names are always quoted; a type is a plain type name (no quotes, no punctuation beyond `(n,m)`,
 * `[]` and one schema dot); a default is an SQL expression, checked on the server to be a single expression.
 */

/** Double quotes around a name, inner quotes doubled: any name is safe in SQL this way. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`

const Name = z
  .string()
  .min(1, 'A name is required')
  .max(63, 'A name is at most 63 characters')
  .refine((name) => !name.includes('\0'), 'A name cannot contain a NUL character')

/** The built-in types whose names are several words; any other type name is one word, maybe schema-qualified. */
const MULTI_WORD_TYPES = [
  'double precision',
  'character varying',
  'bit varying',
  'timestamp with time zone',
  'timestamp without time zone',
  'time with time zone',
  'time without time zone',
]
const WORD = '[A-Za-z_][A-Za-z0-9_]*'
/** int4, text, double precision, character varying(20), numeric(10, 2), text[], public.mood */
export const TYPE_NAME_PATTERN = new RegExp(
  `^(${WORD}(\\.${WORD})?|${MULTI_WORD_TYPES.join('|')})( ?\\(\\d+( ?, ?\\d+)?\\))?(\\[\\])*$`,
  'i',
)

const TypeName = z
  .string()
  .trim()
  .min(1, 'A type is required')
  .max(100)
  .regex(TYPE_NAME_PATTERN, 'A type is a type name such as int8, text, numeric(10, 2) or text[]')

const DefaultExpression = z
  .string()
  .trim()
  .max(1000, 'A default is at most 1000 characters')
  .refine((text) => !text.includes('\0'), 'A default cannot contain a NUL character')

export const ColumnReference = z.object({ schema: Name, table: Name, column: Name })
export type ColumnReference = z.infer<typeof ColumnReference>

export const ColumnDefinition = z.object({
  name: Name,
  type: TypeName,
  /** an SQL expression (now(), 'text', 0, gen_random_uuid()); null or empty for none */
  default: DefaultExpression.nullable().default(null),
  nullable: z.boolean().default(true),
  unique: z.boolean().default(false),
  primaryKey: z.boolean().default(false),
  references: ColumnReference.nullable().default(null),
})
export type ColumnDefinition = z.infer<typeof ColumnDefinition>
export type ColumnDefinitionInput = z.input<typeof ColumnDefinition>

export const CreateTableBody = z.object({
  schema: Name,
  name: Name,
  rls: z.boolean().default(true),
  columns: z.array(ColumnDefinition).min(1, 'A table needs at least one column').max(1600),
})
export type CreateTableBody = z.input<typeof CreateTableBody>

/** A change to an existing column; a field left out is left as it is. */
export const ColumnChange = z.object({
  name: Name,
  newName: Name.optional(),
  type: TypeName.optional(),
  /** null drops the default */
  default: DefaultExpression.nullable().optional(),
  nullable: z.boolean().optional(),
  /** true adds a unique constraint */
  unique: z.literal(true).optional(),
  /** drops this foreign key of the column (the constraint's name; the server checks it is one on this column) */
  dropForeignKey: Name.optional(),
  /** adds a foreign key on the column to this referenced column */
  references: ColumnReference.optional(),
})
export type ColumnChange = z.infer<typeof ColumnChange>

export const AlterTableBody = z.object({
  newName: Name.optional(),
  rls: z.boolean().optional(),
  addColumns: z.array(ColumnDefinition).max(1600).default([]),
  changeColumns: z.array(ColumnChange).max(1600).default([]),
  dropColumns: z.array(Name).max(1600).default([]),
})
export type AlterTableBody = z.input<typeof AlterTableBody>

export const TableDdlResponse = z.object({ id: z.number(), sql: z.string() })
export type TableDdlResponse = z.infer<typeof TableDdlResponse>

export const TABLE_DDL_DENIED_MESSAGE = 'You need additional permissions to create or change tables'

const hasDefault = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== ''

function referenceClause(reference: ColumnReference): string {
  return `references ${quoteIdent(reference.schema)}.${quoteIdent(reference.table)} (${quoteIdent(reference.column)})`
}

/** One column as it is written in CREATE TABLE or ADD COLUMN. */
export function columnSql(column: ColumnDefinitionInput): string {
  const parts = [quoteIdent(column.name), column.type.trim()]
  if (hasDefault(column.default)) parts.push(`default ${column.default.trim()}`)
  if (column.primaryKey) parts.push('primary key')
  else if (column.nullable === false) parts.push('not null')
  if (column.unique && !column.primaryKey) parts.push('unique')
  if (column.references) parts.push(referenceClause(column.references))
  return parts.join(' ')
}

export const tableName = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`

/**
 * CREATE TABLE, then RLS when asked. Several primary key columns make one composite key.
 */
export function createTableStatements(table: CreateTableBody): string[] {
  const qualified = tableName(table.schema, table.name)
  const keys = table.columns.filter((column) => column.primaryKey)
  const composite = keys.length > 1
  const lines = table.columns.map((column) => `  ${columnSql(composite ? { ...column, primaryKey: false } : column)}`)
  if (composite) lines.push(`  primary key (${keys.map((column) => quoteIdent(column.name)).join(', ')})`)
  const statements = [`create table ${qualified} (\n${lines.join(',\n')}\n)`]
  if (table.rls !== false) statements.push(`alter table ${qualified} enable row level security`)
  return statements
}

/** The statements of a change, in an order that works: drops, changes, additions, RLS, then the rename. */
export function alterTableStatements(current: { schema: string; name: string }, change: AlterTableBody): string[] {
  const qualified = tableName(current.schema, current.name)
  const statements: string[] = []
  for (const name of change.dropColumns ?? [])
    statements.push(`alter table ${qualified} drop column ${quoteIdent(name)}`)
  for (const column of change.changeColumns ?? []) {
    const target = quoteIdent(column.name)
    // the old key goes before a type change, the new one comes after it (and before a rename)
    if (column.dropForeignKey) {
      statements.push(`alter table ${qualified} drop constraint ${quoteIdent(column.dropForeignKey)}`)
    }
    if (column.type) {
      statements.push(
        `alter table ${qualified} alter column ${target} type ${column.type.trim()} using ${target}::${column.type.trim()}`,
      )
    }
    if (column.references) {
      statements.push(`alter table ${qualified} add foreign key (${target}) ${referenceClause(column.references)}`)
    }
    if (column.default !== undefined) {
      statements.push(
        hasDefault(column.default)
          ? `alter table ${qualified} alter column ${target} set default ${column.default.trim()}`
          : `alter table ${qualified} alter column ${target} drop default`,
      )
    }
    if (column.nullable !== undefined) {
      statements.push(`alter table ${qualified} alter column ${target} ${column.nullable ? 'drop' : 'set'} not null`)
    }
    if (column.unique) statements.push(`alter table ${qualified} add unique (${target})`)
    if (column.newName && column.newName !== column.name) {
      statements.push(`alter table ${qualified} rename column ${target} to ${quoteIdent(column.newName)}`)
    }
  }
  for (const column of change.addColumns ?? [])
    statements.push(`alter table ${qualified} add column ${columnSql(column)}`)
  if (change.rls !== undefined) {
    statements.push(`alter table ${qualified} ${change.rls ? 'enable' : 'disable'} row level security`)
  }
  if (change.newName && change.newName !== current.name) {
    statements.push(`alter table ${qualified} rename to ${quoteIdent(change.newName)}`)
  }
  return statements
}

/** The statements as one script, as the dashboard shows them. */
export const ddlScript = (statements: string[]): string => statements.map((statement) => `${statement};`).join('\n')

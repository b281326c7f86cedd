import type { AlterTableBody, ColumnChange, ColumnReference, CreateTableBody, PgTable } from '@pgfleet/contracts'

/** One column as the designer edits it; `original` is the existing column's name (absent for a new column). */
export interface DraftColumn {
  id: string
  original?: string
  name: string
  type: string
  default: string
  nullable: boolean
  unique: boolean
  primaryKey: boolean
  references: ColumnReference | null
  dropped: boolean
  /** an existing unique constraint: it is dropped with SQL, not here */
  keptUnique?: boolean
  /** the existing column's foreign key; one over several columns is changed with SQL, not here */
  originalForeignKey?: ExistingForeignKey
}

export type ExistingForeignKey = { constraint: string; reference: ColumnReference } | 'several columns'

export const sameReference = (a: ColumnReference | null, b: ColumnReference | null) =>
  a === b || (a !== null && b !== null && a.schema === b.schema && a.table === b.table && a.column === b.column)

/** The table's own foreign keys by column (the relationships list also has those pointing at the table). */
export function foreignKeysOf(table: PgTable): Map<string, ExistingForeignKey> {
  const own = table.relationships.filter(
    (relationship) => relationship.source_schema === table.schema && relationship.source_table_name === table.name,
  )
  const columnsPerConstraint = new Map<string, number>()
  for (const relationship of own) {
    columnsPerConstraint.set(
      relationship.constraint_name,
      (columnsPerConstraint.get(relationship.constraint_name) ?? 0) + 1,
    )
  }
  const byColumn = new Map<string, ExistingForeignKey>()
  for (const relationship of own) {
    const single = columnsPerConstraint.get(relationship.constraint_name) === 1
    // a column in two foreign keys is as much as this panel can show: leave it to SQL
    const taken = byColumn.has(relationship.source_column_name)
    byColumn.set(
      relationship.source_column_name,
      single && !taken
        ? {
            constraint: relationship.constraint_name,
            reference: {
              schema: relationship.target_table_schema,
              table: relationship.target_table_name,
              column: relationship.target_column_name,
            },
          }
        : 'several columns',
    )
  }
  return byColumn
}

export interface TableDraft {
  name: string
  rls: boolean
  columns: DraftColumn[]
}

let nextId = 0
const newId = () => `column-${++nextId}`

export function newColumn(overrides: Partial<DraftColumn> = {}): DraftColumn {
  return {
    id: newId(),
    name: '',
    type: 'text',
    default: '',
    nullable: true,
    unique: false,
    primaryKey: false,
    references: null,
    dropped: false,
    ...overrides,
  }
}

/** A new table starts with the usual key and creation time. */
export function newTableDraft(): TableDraft {
  return {
    name: '',
    rls: true,
    columns: [
      newColumn({ name: 'id', type: 'int8', default: '', nullable: false, primaryKey: true }),
      newColumn({ name: 'created_at', type: 'timestamptz', default: 'now()', nullable: false }),
    ],
  }
}

/** The existing table as a draft, each column keeping its name as `original`. */
export function draftOf(table: PgTable): TableDraft {
  const foreignKeys = foreignKeysOf(table)
  return {
    name: table.name,
    rls: table.rls_enabled,
    columns: (table.columns ?? []).map((column) => {
      const foreignKey = foreignKeys.get(column.name)
      return newColumn({
        original: column.name,
        name: column.name,
        type: column.format,
        default: column.default_value ?? '',
        nullable: column.is_nullable,
        unique: column.is_unique,
        keptUnique: column.is_unique,
        primaryKey: column.is_primary_key,
        references: typeof foreignKey === 'object' ? foreignKey.reference : null,
        originalForeignKey: foreignKey,
      })
    }),
  }
}

const toDefinition = (column: DraftColumn) => ({
  name: column.name.trim(),
  type: column.type.trim(),
  default: column.default.trim() || null,
  nullable: column.nullable,
  unique: column.unique,
  primaryKey: column.primaryKey,
  references: column.references,
})

export function createTableBody(schema: string, draft: TableDraft): CreateTableBody {
  return {
    schema,
    name: draft.name.trim(),
    rls: draft.rls,
    columns: draft.columns.filter((column) => !column.dropped).map(toDefinition),
  }
}

/** What differs between the table and the draft, as the change the server runs. */
export function alterTableBody(table: PgTable, draft: TableDraft): AlterTableBody {
  const before = new Map((table.columns ?? []).map((column) => [column.name, column]))
  const changeColumns: ColumnChange[] = []
  for (const column of draft.columns) {
    const old = column.original === undefined ? undefined : before.get(column.original)
    if (!old || column.dropped) continue
    const change: ColumnChange = { name: old.name }
    if (column.name.trim() !== old.name) change.newName = column.name.trim()
    if (column.type.trim() !== old.format) change.type = column.type.trim()
    if (column.default.trim() !== (old.default_value ?? '')) change.default = column.default.trim() || null
    if (column.nullable !== old.is_nullable) change.nullable = column.nullable
    if (column.unique && !old.is_unique) change.unique = true
    const foreignKey = column.originalForeignKey
    if (foreignKey !== 'several columns') {
      const before = foreignKey?.reference ?? null
      if (!sameReference(before, column.references)) {
        if (foreignKey) change.dropForeignKey = foreignKey.constraint
        if (column.references) change.references = column.references
      }
    }
    if (Object.keys(change).length > 1) changeColumns.push(change)
  }
  const body: AlterTableBody = {
    dropColumns: draft.columns.filter((c) => c.original !== undefined && c.dropped).map((c) => c.original as string),
    changeColumns,
    addColumns: draft.columns.filter((c) => c.original === undefined && !c.dropped).map(toDefinition),
  }
  if (draft.rls !== table.rls_enabled) body.rls = draft.rls
  if (draft.name.trim() !== table.name) body.newName = draft.name.trim()
  return body
}

/** Types offered as you type; any other type name may be typed. */
export const COMMON_TYPES = [
  'int2',
  'int4',
  'int8',
  'numeric',
  'float4',
  'float8',
  'bool',
  'text',
  'varchar',
  'uuid',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'json',
  'jsonb',
  'bytea',
  'text[]',
  'int8[]',
]

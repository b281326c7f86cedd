import {
  AlterTableBody,
  alterTableStatements,
  type ColumnReference,
  CreateTableBody,
  createTableStatements,
  ddlScript,
  type PgTable,
} from '@pgfleet/contracts'
import { Plus, Trash2 } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { getErrorMessage } from '../../../data/fetcher'
import { useAlterTableMutation, useCreateTableMutation } from '../../../data/pg-meta/table-ddl-mutations'
import { useTablesQuery } from '../../../data/pg-meta/tables-query'
import { cn } from '../../../lib/cn'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Dialog } from '../../ui/Dialog'
import { CONTROL_CLASSES } from '../../ui/Input'
import {
  alterTableBody,
  COMMON_TYPES,
  createTableBody,
  type DraftColumn,
  draftOf,
  newColumn,
  newTableDraft,
  sameReference,
  type TableDraft,
} from './table-design'
import {
  ADD_COLUMN_LABEL,
  CANCEL_LABEL,
  COMPOSITE_FOREIGN_KEY_NOTE,
  CREATE_TABLE_LABEL,
  DESIGN_FAILED,
  DESIGN_NO_CHANGES,
  DESIGN_SQL_TITLE,
  EDIT_TABLE_TITLE,
  NEW_TABLE_TITLE,
  NO_FOREIGN_KEY_LABEL,
  RLS_DESCRIPTION,
  RLS_LABEL,
  SAVE_TABLE_LABEL,
  TABLE_NAME_LABEL,
} from './table-editor.constants'

const referenceKey = (reference: ColumnReference | null) =>
  reference ? JSON.stringify([reference.schema, reference.table, reference.column]) : ''

function ColumnEditor({
  column,
  index,
  existing,
  references,
  onChange,
  onRemove,
  disabled,
}: {
  column: DraftColumn
  index: number
  existing: boolean
  references: ColumnReference[]
  onChange: (column: DraftColumn) => void
  onRemove: () => void
  disabled: boolean
}) {
  const typesId = useId()
  const label = column.name || `column ${index + 1}`
  const input = (field: 'name' | 'type' | 'default', placeholder: string, className = '') => (
    <input
      aria-label={`${field === 'name' ? 'Name' : field === 'type' ? 'Type' : 'Default'} of ${label}`}
      placeholder={placeholder}
      list={field === 'type' ? typesId : undefined}
      className={cn(CONTROL_CLASSES, 'h-8 py-1 font-mono text-sm', className)}
      value={column[field]}
      disabled={disabled}
      onChange={(event) => onChange({ ...column, [field]: event.target.value })}
    />
  )
  return (
    <li className="space-y-2 rounded border border-neutral-200 p-3" data-testid="designer-column">
      <div className="flex items-center gap-2">
        {input('name', 'name', 'flex-1')}
        {input('type', 'type', 'w-40')}
        <datalist id={typesId}>
          {COMMON_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={onRemove} disabled={disabled}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {input('default', 'default: an SQL expression such as now() or 0')}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {(['nullable', 'unique', 'primaryKey'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-1.5 text-neutral-700">
            <input
              type="checkbox"
              className="size-4 accent-emerald-600"
              checked={column[flag]}
              // an existing key or unique constraint is changed with SQL, not here
              disabled={disabled || (existing && (flag === 'primaryKey' || (flag === 'unique' && column.keptUnique)))}
              onChange={(event) => onChange({ ...column, [flag]: event.target.checked })}
              aria-label={`${flag === 'primaryKey' ? 'Primary key' : flag === 'unique' ? 'Unique' : 'Nullable'}: ${label}`}
            />
            {flag === 'primaryKey' ? 'Primary key' : flag === 'unique' ? 'Unique' : 'Nullable'}
          </label>
        ))}
        {column.originalForeignKey === 'several columns' ? (
          <span className="text-xs text-neutral-500">{COMPOSITE_FOREIGN_KEY_NOTE}</span>
        ) : (
          <select
            aria-label={`Foreign key of ${label}`}
            className={cn(CONTROL_CLASSES, 'h-8 w-auto flex-1 py-0 text-sm')}
            value={referenceKey(column.references)}
            disabled={disabled}
            onChange={(event) => {
              const chosen = references.find((reference) => referenceKey(reference) === event.target.value)
              onChange({ ...column, references: chosen ?? null })
            }}
          >
            <option value="">{NO_FOREIGN_KEY_LABEL}</option>
            {(column.references && !references.some((reference) => sameReference(reference, column.references))
              ? [column.references, ...references]
              : references
            ).map((reference) => (
              <option key={referenceKey(reference)} value={referenceKey(reference)}>
                → {reference.schema}.{reference.table}.{reference.column}
              </option>
            ))}
          </select>
        )}
      </div>
    </li>
  )
}

/** The SQL the draft makes, written by the same code the server runs; or why the draft is not ready. */
function draftSql(schema: string, table: PgTable | undefined, draft: TableDraft): { sql?: string; problem?: string } {
  if (!table) {
    const parsed = CreateTableBody.safeParse(createTableBody(schema, draft))
    if (!parsed.success) return { problem: parsed.error.issues[0]?.message }
    return { sql: ddlScript(createTableStatements(parsed.data)) }
  }
  const parsed = AlterTableBody.safeParse(alterTableBody(table, draft))
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message }
  const statements = alterTableStatements(table, parsed.data)
  return statements.length === 0 ? { problem: DESIGN_NO_CHANGES } : { sql: ddlScript(statements) }
}

/** The side panel that creates a table, or changes one: columns, keys, foreign keys and RLS, with the SQL shown. */
export function TableDesignerPanel({
  projectRef,
  schema,
  table,
  onOpenChange,
  onSaved,
}: {
  projectRef: string
  schema: string
  /** the table to change; absent to create one */
  table?: PgTable
  onOpenChange: (open: boolean) => void
  onSaved: (tableId: number) => void
}) {
  const [draft, setDraft] = useState<TableDraft>(() => (table ? draftOf(table) : newTableDraft()))
  const tables = useTablesQuery({ ref: projectRef, includeColumns: true })
  const references = useMemo(
    () =>
      (tables.data ?? []).flatMap((candidate) =>
        (candidate.columns ?? []).map((column) => ({
          schema: candidate.schema,
          table: candidate.name,
          column: column.name,
        })),
      ),
    [tables.data],
  )
  const create = useCreateTableMutation({ onSuccess: (answer) => onSaved(answer.id) })
  const alter = useAlterTableMutation({ onSuccess: (answer) => onSaved(answer.id) })
  const saving = create.isPending || alter.isPending
  const failure = create.error ?? alter.error
  const { sql, problem } = draftSql(schema, table, draft)
  const setColumn = (id: string, next: DraftColumn | undefined) =>
    setDraft((current) => ({
      ...current,
      columns: next
        ? current.columns.map((column) => (column.id === id ? next : column))
        : current.columns.filter((column) => column.id !== id),
    }))
  const save = () => {
    if (table) alter.mutate({ ref: projectRef, tableId: table.id, change: alterTableBody(table, draft) })
    else create.mutate({ ref: projectRef, table: createTableBody(schema, draft) })
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !saving && onOpenChange(false)}
      variant="side"
      className="max-w-2xl"
      title={table ? EDIT_TABLE_TITLE(`${table.schema}.${table.name}`) : NEW_TABLE_TITLE(schema)}
      data-testid="table-designer"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={saving}>
            {CANCEL_LABEL}
          </Button>
          <Button variant="primary" onClick={save} loading={saving} disabled={!sql}>
            {table ? SAVE_TABLE_LABEL : CREATE_TABLE_LABEL}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <label className="block space-y-1.5">
          <span className="text-sm font-medium text-neutral-800">{TABLE_NAME_LABEL}</span>
          <input
            className={cn(CONTROL_CLASSES, 'font-mono')}
            value={draft.name}
            disabled={saving}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </label>
        <Checkbox
          label={RLS_LABEL}
          description={RLS_DESCRIPTION}
          checked={draft.rls}
          disabled={saving}
          onChange={(event) => setDraft({ ...draft, rls: event.target.checked })}
        />
        <ul className="space-y-2">
          {draft.columns
            .filter((column) => !column.dropped)
            .map((column, index) => (
              <ColumnEditor
                key={column.id}
                column={column}
                index={index}
                existing={column.original !== undefined}
                references={references}
                disabled={saving}
                onChange={(next) => setColumn(column.id, next)}
                onRemove={() =>
                  setColumn(column.id, column.original === undefined ? undefined : { ...column, dropped: true })
                }
              />
            ))}
        </ul>
        <Button
          size="sm"
          onClick={() => setDraft({ ...draft, columns: [...draft.columns, newColumn()] })}
          disabled={saving}
        >
          <Plus className="size-4" aria-hidden="true" />
          {ADD_COLUMN_LABEL}
        </Button>
        <section className="space-y-1.5">
          <h3 className="text-sm font-semibold text-neutral-900">{DESIGN_SQL_TITLE}</h3>
          {sql ? (
            <pre
              className="overflow-x-auto rounded bg-neutral-900 p-3 font-mono text-xs whitespace-pre text-neutral-100"
              data-testid="designer-sql"
            >
              {sql}
            </pre>
          ) : (
            <p className="text-sm text-neutral-600" data-testid="designer-sql-problem">
              {problem}
            </p>
          )}
        </section>
        {failure && (
          <Alert tone="error" data-testid="designer-error">
            {DESIGN_FAILED(getErrorMessage(failure))}
          </Alert>
        )}
      </div>
    </Dialog>
  )
}

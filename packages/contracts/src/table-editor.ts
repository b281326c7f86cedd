import { z } from 'zod'
import { CsvFormulaModeSchema } from './sql'
import {
  FILTER_OPERATORS,
  IS_VALUES,
  MAX_DELETE_ROWS,
  MAX_ROW_FILTERS,
  TABLE_ROWS_MAX_PAGE_SIZE,
  TABLE_ROWS_PAGE_SIZE,
} from './table-editor.constants'

/** The `{id}` of the table editor's routes: a table's oid (an oid is at most 2^32 - 1). */
export const TableIdParam = z.coerce
  .number()
  .int()
  .positive('Table id must be a positive number')
  .max(4_294_967_295, 'No table has this id')

/**
 * The table editor's rows. Values travel as Postgres text (numbers, dates, JSON and arrays as Postgres writes
 * them, booleans as 'true'/'false') and go back the same way, so nothing is lost between the grid and the
 * database; null is SQL NULL.
 */
export const CellValue = z
  .string()
  .max(10 * 1024 * 1024, 'A value must be at most 10 MB')
  .nullable()
export type CellValue = z.infer<typeof CellValue>

export const FilterOperator = z.enum(FILTER_OPERATORS, {
  error: `Filter operator must be one of ${FILTER_OPERATORS.join(', ')}`,
})
export type FilterOperator = z.infer<typeof FilterOperator>

const ColumnName = z.string().min(1, 'A column name is required').max(63, 'A column name is at most 63 bytes')

export const RowFilter = z
  .object({
    column: ColumnName,
    operator: FilterOperator,
    /** one value; for `in`, several; for `is`, one of IS_VALUES */
    value: z.union([z.string().max(1024 * 1024), z.array(z.string().max(1024 * 1024)).max(1000)]),
  })
  .superRefine((filter, issue) => {
    if (filter.operator === 'in' && !Array.isArray(filter.value)) {
      issue.addIssue({ code: 'custom', message: 'The in operator takes a list of values' })
    }
    if (filter.operator !== 'in' && Array.isArray(filter.value)) {
      issue.addIssue({ code: 'custom', message: `The ${filter.operator} operator takes one value` })
    }
    if (filter.operator === 'is' && !(IS_VALUES as readonly unknown[]).includes(filter.value)) {
      issue.addIssue({ code: 'custom', message: `The is operator takes one of: ${IS_VALUES.join(', ')}` })
    }
  })
export type RowFilter = z.infer<typeof RowFilter>

export const RowSort = z.object({ column: ColumnName, direction: z.enum(['asc', 'desc']).default('asc') })
export type RowSort = z.infer<typeof RowSort>

/**
 * Where the next page starts: the sort column's value and the row's key (primary key values in key order, or
 * the row's physical position for a table without one), all as the server answered them in `next`.
 */
export const RowCursor = z.object({
  sort: CellValue.optional(),
  key: z
    .array(z.string().max(1024 * 1024))
    .min(1)
    .max(32),
})
export type RowCursor = z.infer<typeof RowCursor>

export const ReadRowsBody = z.object({
  sort: RowSort.optional(),
  filters: z.array(RowFilter).max(MAX_ROW_FILTERS, `At most ${MAX_ROW_FILTERS} filters`).default([]),
  after: RowCursor.optional(),
  limit: z.number().int().min(1).max(TABLE_ROWS_MAX_PAGE_SIZE).default(TABLE_ROWS_PAGE_SIZE),
})
export type ReadRowsBody = z.input<typeof ReadRowsBody>

export const TableRowsColumn = z.object({ name: z.string(), format: z.string() })

export const ReadRowsResponse = z.object({
  /** the table's columns, in order; each row holds one value per column */
  columns: z.array(TableRowsColumn),
  rows: z.array(z.array(CellValue)),
  /** the cursor of the page after this one; null on the last page */
  next: RowCursor.nullable(),
  /** the primary key's columns in key order; empty when the table has none (then it is read-only here) */
  primaryKey: z.array(z.string()),
  durationMs: z.number(),
})
export type ReadRowsResponse = z.infer<typeof ReadRowsResponse>

export const CountRowsBody = z.object({
  filters: ReadRowsBody.shape.filters,
})
export type CountRowsBody = z.input<typeof CountRowsBody>

export const CountRowsResponse = z.object({ count: z.number(), estimate: z.boolean() })
export type CountRowsResponse = z.infer<typeof CountRowsResponse>

/** A row by its primary key: every key column, by name. */
export const RowKey = z.record(ColumnName, z.string().max(1024 * 1024))
export type RowKey = z.infer<typeof RowKey>

const RowValues = z
  .record(ColumnName, CellValue)
  .refine((values) => Object.keys(values).length <= 1600, 'A table has at most 1600 columns')

export const UpdateRowBody = z.object({
  key: RowKey,
  values: RowValues.refine((values) => Object.keys(values).length > 0, 'Give at least one value to change'),
})
export type UpdateRowBody = z.infer<typeof UpdateRowBody>

/** Columns left out take their default (identity, serial, `default ...`) from the database. */
export const InsertRowBody = z.object({ values: RowValues })
export type InsertRowBody = z.infer<typeof InsertRowBody>

export const DeleteRowsBody = z.object({
  keys: z
    .array(RowKey)
    .min(1, 'Select at least one row')
    .max(MAX_DELETE_ROWS, `At most ${MAX_DELETE_ROWS} rows at once`),
})
export type DeleteRowsBody = z.infer<typeof DeleteRowsBody>

/** One row as the database stored it, one value per column of `columns`. */
export const RowResponse = z.object({ columns: z.array(TableRowsColumn), row: z.array(CellValue) })
export type RowResponse = z.infer<typeof RowResponse>

export const DeleteRowsResponse = z.object({ deleted: z.number() })
export type DeleteRowsResponse = z.infer<typeof DeleteRowsResponse>

/** A CSV of every row of a sort and filter, downloaded once from the address answered (as the SQL editor's). */
export const ExportRowsBody = z.object({
  sort: RowSort.optional(),
  filters: ReadRowsBody.shape.filters,
  /** cells a spreadsheet would run as formulas: escaped unless `keep` (see CSV_FORMULA_MODES) */
  formulas: CsvFormulaModeSchema.optional(),
})
export type ExportRowsBody = z.input<typeof ExportRowsBody>

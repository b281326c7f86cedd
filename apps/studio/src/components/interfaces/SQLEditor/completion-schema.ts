import type { TableNames } from '../../../data/pg-meta/table-names-query'

/** `{ schema: { table: [columns] } }`, the shape CodeMirror's SQL completion reads. */
export type CompletionSchema = Record<string, Record<string, string[]>>

/**
 * Builds the completion namespace once per metadata answer (callers memoise it on the array): typing
 * never walks the tables, and 10,000 tables cost one pass here.
 */
export function buildCompletionSchema(tables: readonly TableNames[]): CompletionSchema {
  const namespace: CompletionSchema = {}
  for (const table of tables) {
    let schema = namespace[table.schema]
    if (!schema) {
      schema = {}
      namespace[table.schema] = schema
    }
    schema[table.name] = table.columns
  }
  return namespace
}

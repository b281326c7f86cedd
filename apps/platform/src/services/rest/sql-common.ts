import type { FieldPath } from './scanner'

/**
 * The only two ways request text reaches SQL: identifiers through `ident` (always double-quoted, quotes doubled)
 * and values through `Params.add` (bound parameters). Keywords and operators come from fixed tables.
 */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`

export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`

export class Params {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** `"alias"."col"` followed by its JSON path; numeric keys index arrays, as in PostgREST. */
export function fieldSql(alias: string, field: FieldPath, params: Params): string {
  let sql = `${ident(alias)}.${ident(field.name)}`
  for (const step of field.json) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::integer` : `${params.add(step.key)}::text`
    sql = `(${sql} ${step.arrow} ${key})`
  }
  return sql
}

import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete'
import type { PgFunctionName, PgTableName } from '@pgfleet/contracts'
import { completionPointAt, type RelationRef } from './sql-completion-context'

/** Names completion offers without qualifying them, like Postgres' default search_path. */
export const COMPLETION_DEFAULT_SCHEMA = 'public'

const RELATION_KIND_LABELS: Record<PgTableName['kind'], string> = {
  table: 'table',
  view: 'view',
  materialized_view: 'materialized view',
  foreign_table: 'foreign table',
}

/** An identifier as SQL must spell it: quoted unless it is a plain lower-case name. */
export const sqlIdentifier = (name: string) =>
  /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`

const option = (label: string, type: string, detail: string, boost = 0): Completion => {
  const apply = sqlIdentifier(label)
  return { label, type, detail, boost, ...(apply === label ? {} : { apply }) }
}

/**
 * The project's names arranged for completion, built once per metadata answer: typing then only filters
 * arrays that already exist, and per-schema lists are built the first time a schema is asked for.
 */
export class CompletionIndex {
  private readonly byQualifiedName = new Map<string, PgTableName>()
  private readonly byName = new Map<string, PgTableName[]>()
  private readonly schemaNames: Set<string>
  private readonly members = new Map<string, Completion[]>()
  private topLevelOptions: Completion[] | undefined

  constructor(
    private readonly relations: readonly PgTableName[],
    private readonly functions: readonly PgFunctionName[],
    schemas: readonly string[],
    private readonly defaultSchema = COMPLETION_DEFAULT_SCHEMA,
  ) {
    this.schemaNames = new Set(schemas)
    for (const relation of relations) {
      this.schemaNames.add(relation.schema)
      this.byQualifiedName.set(`${relation.schema}.${relation.name}`, relation)
      const key = relation.name.toLowerCase()
      const same = this.byName.get(key)
      if (same) same.push(relation)
      else this.byName.set(key, [relation])
    }
  }

  /** Tables and functions of the default schema, and every schema's name. */
  topLevel(): Completion[] {
    this.topLevelOptions ??= [
      ...this.schemaOptions(this.defaultSchema),
      ...[...this.schemaNames].map((schema) => option(schema, 'namespace', 'schema')),
    ]
    return this.topLevelOptions
  }

  hasSchema(name: string): boolean {
    return this.schemaNames.has(name)
  }

  /** What follows `schema.`: its tables, views and functions. */
  schemaOptions(schema: string): Completion[] {
    let options = this.members.get(schema)
    if (!options) {
      options = [
        ...this.relations
          .filter((relation) => relation.schema === schema)
          .map((relation) => option(relation.name, 'type', RELATION_KIND_LABELS[relation.kind])),
        ...this.functions
          .filter((fn) => fn.schema === schema)
          .map((fn) => option(fn.name, 'function', `(${fn.argument_types}) → ${fn.return_type}`)),
      ]
      this.members.set(schema, options)
    }
    return options
  }

  /**
   * The relation a reference means: exact schema and name when qualified; otherwise the default schema's,
   * then any schema's. Unquoted names arrive lower-cased, so a case-insensitive match comes second.
   */
  resolve(ref: Pick<RelationRef, 'schema' | 'name'>): PgTableName | undefined {
    if (ref.schema) return this.byQualifiedName.get(`${ref.schema}.${ref.name}`)
    const exact = this.byQualifiedName.get(`${this.defaultSchema}.${ref.name}`)
    if (exact) return exact
    const candidates = this.byName.get(ref.name.toLowerCase()) ?? []
    return (
      candidates.find((relation) => relation.name === ref.name && relation.schema === this.defaultSchema) ??
      candidates.find((relation) => relation.name === ref.name) ??
      candidates[0]
    )
  }
}

export type CompletionData = {
  index: CompletionIndex
  /** a relation's column names: cached, or fetched once */
  columns: (relationId: number) => readonly string[] | Promise<readonly string[]>
}

const VALID_FOR = /^[\w$]*$/

function columnOptions(relation: PgTableName, columns: readonly string[], boost: number): Completion[] {
  return columns.map((column) => option(column, 'property', relation.name, boost))
}

/** Columns of several relations, as soon as all are known (most often at once, from the cache). */
function withColumns(
  data: CompletionData,
  relations: PgTableName[],
  build: (columns: Completion[]) => CompletionResult,
): CompletionResult | Promise<CompletionResult> {
  const lists = relations.map((relation) => data.columns(relation.id))
  const toOptions = (resolved: (readonly string[])[]) =>
    build(resolved.flatMap((columns, i) => columnOptions(relations[i] as PgTableName, columns, 1)))
  if (lists.every((list) => !(list instanceof Promise))) return toOptions(lists as (readonly string[])[])
  return Promise.all(lists).then(toOptions, () => build([]))
}

/** The relation a one-part qualifier names: a FROM alias or table of the statement, else any table. */
function qualifiedRelation(index: CompletionIndex, name: string, relations: RelationRef[]): PgTableName | undefined {
  const named = relations.find((ref) => ref.alias === name) ?? relations.find((ref) => !ref.alias && ref.name === name)
  return named ? index.resolve(named) : undefined
}

/**
 * Completion from the project's metadata: after `schema.` its tables and functions, after `table.` or
 * `alias.` that table's columns, and elsewhere the default schema's tables and functions, schema names and
 * the columns of the tables the statement reads. Nothing inside strings and comments.
 */
export function sqlCompletionSource(getData: () => CompletionData | undefined): CompletionSource {
  return (context: CompletionContext) => {
    const data = getData()
    if (!data) return null
    const line = context.state.doc.lineAt(context.pos)
    // a quick look at the line first: most keystrokes that are not in a word need nothing more
    const before = line.text.slice(0, context.pos - line.from)
    if (!context.explicit && !/[\w$"]\.?$|\.$/.test(before)) return null
    const point = completionPointAt(context.state.doc.toString(), context.pos)
    if (!point) return null
    const { index } = data
    const result = (options: Completion[]): CompletionResult => ({ from: point.from, options, validFor: VALID_FOR })

    if (point.qualifier.length > 0) {
      const [first, second] = point.qualifier.slice(-2) as [string, string | undefined]
      if (second !== undefined) {
        const relation = index.resolve({ schema: first, name: second })
        return relation ? withColumns(data, [relation], result) : null
      }
      const relation = qualifiedRelation(index, first, point.relations)
      if (relation) return withColumns(data, [relation], result)
      if (index.hasSchema(first)) return result(index.schemaOptions(first))
      const table = index.resolve({ name: first })
      return table ? withColumns(data, [table], result) : null
    }

    if (!context.explicit && point.prefix === '') return null
    const read = new Map<number, PgTableName>()
    for (const ref of point.relations) {
      const relation = index.resolve(ref)
      if (relation) read.set(relation.id, relation)
    }
    const topLevel = index.topLevel()
    if (read.size === 0) return result(topLevel)
    return withColumns(data, [...read.values()], (columns) => result([...columns, ...topLevel]))
  }
}

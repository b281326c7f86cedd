import { RestError } from './errors'
import type { ForeignKey, Relation, SchemaCache } from './schema-cache'

/**
 * Relationships between relations, derived from foreign keys the way PostgREST does: many-to-one from the
 * referencing side, one-to-many (or one-to-one when the referencing columns are unique) from the referenced
 * side, and many-to-many through a junction table whose foreign-key columns are all part of one of its keys.
 */
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Junction {
  relation: Relation
  /** junction column = source column */
  sourcePairs: [string, string][]
  /** junction column = target column */
  targetPairs: [string, string][]
  sourceConstraint: string
  targetConstraint: string
}

export interface Relationship {
  cardinality: Cardinality
  constraint: string
  target: Relation
  /** source column = target column (direct relationships) */
  pairs: [string, string][]
  junction: Junction | null
}

export const isToOne = (r: Relationship) => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'

const same = (rel: Relation, schema: string, name: string) => rel.schema === schema && rel.name === name
const zip = (a: string[], b: string[]) => a.map((x, i) => [x, b[i] as string] as [string, string])
const isSubset = (columns: string[], key: string[]) => columns.every((c) => key.includes(c))
const sameSet = (a: string[], b: string[]) => a.length === b.length && isSubset(a, b)

export function relationshipsFrom(cache: SchemaCache, source: Relation): Relationship[] {
  const result: Relationship[] = []
  for (const fk of cache.foreignKeys) {
    if (same(source, fk.schema, fk.table)) {
      const target = cache.relation(fk.refSchema, fk.refTable)
      if (target) {
        result.push({
          cardinality: 'many-to-one',
          constraint: fk.name,
          target,
          pairs: zip(fk.columns, fk.refColumns),
          junction: null,
        })
      }
    }
    if (same(source, fk.refSchema, fk.refTable)) {
      const target = cache.relation(fk.schema, fk.table)
      if (target) {
        const unique = target.uniqueKeys.some((key) => sameSet(key, fk.columns))
        result.push({
          cardinality: unique ? 'one-to-one' : 'one-to-many',
          constraint: fk.name,
          target,
          pairs: zip(fk.refColumns, fk.columns),
          junction: null,
        })
      }
    }
  }
  result.push(...manyToMany(cache, source))
  return result
}

function manyToMany(cache: SchemaCache, source: Relation): Relationship[] {
  const byTable = new Map<string, ForeignKey[]>()
  for (const fk of cache.foreignKeys) {
    const key = `${fk.schema}\u0000${fk.table}`
    byTable.set(key, [...(byTable.get(key) ?? []), fk])
  }
  const result: Relationship[] = []
  for (const fks of byTable.values()) {
    const first = fks[0]
    if (!first || fks.length < 2) continue
    const junction = cache.relation(first.schema, first.table)
    if (!junction) continue
    for (const toSource of fks) {
      if (!same(source, toSource.refSchema, toSource.refTable)) continue
      for (const toTarget of fks) {
        if (toTarget === toSource) continue
        const columns = [...toSource.columns, ...toTarget.columns]
        if (!junction.uniqueKeys.some((key) => isSubset(columns, key))) continue
        const target = cache.relation(toTarget.refSchema, toTarget.refTable)
        if (!target) continue
        result.push({
          cardinality: 'many-to-many',
          constraint: toTarget.name,
          target,
          pairs: [],
          junction: {
            relation: junction,
            sourcePairs: zip(toSource.columns, toSource.refColumns),
            targetPairs: zip(toTarget.columns, toTarget.refColumns),
            sourceConstraint: toSource.name,
            targetConstraint: toTarget.name,
          },
        })
      }
    }
  }
  return result
}

/** Does `word` (an embed name or a `!hint`) name this relationship? */
function matches(r: Relationship, word: string, asHint: boolean): boolean {
  if (r.constraint === word) return true
  if (r.junction && (r.junction.sourceConstraint === word || (asHint && r.junction.relation.name === word))) return true
  const sourceColumns = r.pairs.map(([s]) => s)
  const targetColumns = r.pairs.map(([, t]) => t)
  if (r.cardinality === 'many-to-one' && sourceColumns.length === 1 && sourceColumns[0] === word) return true
  if (asHint) {
    if (r.cardinality === 'one-to-many' || r.cardinality === 'one-to-one') return targetColumns.includes(word)
    return r.target.name === word
  }
  return false
}

/** The relationship an embedding `name!hint` refers to; none is PGRST200, several are PGRST201 (300). */
export function resolveEmbedding(
  cache: SchemaCache,
  source: Relation,
  name: string,
  hint: string | null,
): Relationship {
  const all = relationshipsFrom(cache, source)
  let candidates = all.filter((r) => r.target.name === name || matches(r, name, false))
  if (hint !== null) candidates = candidates.filter((r) => matches(r, hint, true))
  if (candidates.length === 1) return candidates[0] as Relationship
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      'Check the embedded resource name and the foreign keys between the tables',
    )
  }
  const details = candidates.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${source.name} with ${r.target.name}`,
    relationship: r.junction
      ? `${r.junction.relation.name} using ${r.junction.sourceConstraint} and ${r.junction.targetConstraint}`
      : `${r.constraint} using ${source.name}(${r.pairs.map(([s]) => s).join(', ')}) and ${r.target.name}(${r.pairs.map(([, t]) => t).join(', ')})`,
  }))
  const options = candidates.map((r) => `'${name}!${r.junction ? r.junction.relation.name : r.constraint}'`)
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${name}'`,
    details,
    `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

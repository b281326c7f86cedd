import type { Condition, FilterNode, Operator } from './filter-parser'
import type { Shape } from './plan'
import { fieldSql, type Params } from './sql-common'

/** Renders filter trees to SQL boolean expressions; every value is a bound parameter. */
const COMPARISONS: Partial<Record<Operator, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
}

const TSQUERY_FUNCTIONS: Partial<Record<Operator, string>> = {
  fts: 'pg_catalog.to_tsquery',
  plfts: 'pg_catalog.plainto_tsquery',
  phfts: 'pg_catalog.phraseto_tsquery',
  wfts: 'pg_catalog.websearch_to_tsquery',
}

const IS_KEYWORDS: Record<string, string> = { null: 'NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }

export function conditionSql(shape: Shape, alias: string, c: Condition, params: Params): string {
  const target = fieldSql(alias, c.field, params)
  const sql = positiveConditionSql(shape, target, c, params)
  return c.negate ? `NOT (${sql})` : sql
}

function positiveConditionSql(shape: Shape, target: string, c: Condition, params: Params): string {
  if (c.op === 'is') return `${target} IS ${IS_KEYWORDS[c.value as string]}`
  if (c.op === 'in') return `${target} = ANY(${params.add(c.value)})`
  const tsquery = TSQUERY_FUNCTIONS[c.op]
  if (tsquery) {
    const column = c.field.json.length === 0 ? shape.columns?.get(c.field.name) : undefined
    const isVector = column?.typname === 'tsvector' || column?.type === 'tsvector'
    if (c.language === null) return `${target} @@ ${tsquery}(${params.add(c.value)})`
    const config = `${params.add(c.language)}::regconfig`
    const document = isVector ? target : `pg_catalog.to_tsvector(${config}, ${target})`
    return `${document} @@ ${tsquery}(${config}, ${params.add(c.value)})`
  }
  const operator = COMPARISONS[c.op] as string
  if (c.quantifier) return `${target} ${operator} ${c.quantifier.toUpperCase()}(${params.add(c.value)})`
  return `${target} ${operator} ${params.add(c.value)}`
}

export function filterSql(shape: Shape, alias: string, node: FilterNode, params: Params): string {
  if (node.kind === 'condition') return conditionSql(shape, alias, node, params)
  const joined = node.children
    .map((child) => filterSql(shape, alias, child, params))
    .join(node.op === 'and' ? ' AND ' : ' OR ')
  return node.negate ? `NOT (${joined})` : `(${joined})`
}

export function filtersSql(shape: Shape, alias: string, nodes: FilterNode[], params: Params): string[] {
  return nodes.map((node) => filterSql(shape, alias, node, params))
}

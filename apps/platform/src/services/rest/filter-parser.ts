import { parseError } from './errors'
import { type FieldPath, Scanner } from './scanner'
import { assertNoNul, readQuoted, splitTopLevel, unquoteValue } from './tokens'

/**
 * Filters: `col=op.value`, `col=not.op.value`, `col=op(any).{a,b}`, `col=fts(english).query`, and logic trees
 * `or=(a.eq.1,and(b.gt.2,c.is.null))`. Values stay strings; the SQL builder binds them as parameters.
 */
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const
export type Operator = (typeof OPERATORS)[number]

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
export const FTS_OPERATORS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts'])
export const IS_VALUES = ['null', 'true', 'false', 'unknown'] as const

export interface Condition {
  kind: 'condition'
  field: FieldPath
  negate: boolean
  op: Operator
  quantifier: 'any' | 'all' | null
  /** text search configuration of fts operators, e.g. `english` */
  language: string | null
  /** the `in` operator's list; every other operator's single value */
  value: string | string[]
}

export interface LogicNode {
  kind: 'logic'
  op: 'and' | 'or'
  negate: boolean
  children: FilterNode[]
}

export type FilterNode = Condition | LogicNode

const isOperator = (word: string): word is Operator => (OPERATORS as readonly string[]).includes(word)

/**
 * The right side of a filter: `[not.]op[(any|all)|(language)].value`. Inside logic trees values may be
 * double-quoted to hold reserved characters (`,.:()`); at the top level everything after the operator is the value.
 */
export function parseCondition(field: FieldPath, raw: string, inLogicTree: boolean): Condition {
  assertNoNul(raw)
  let rest = raw
  const negate = rest.startsWith('not.')
  if (negate) rest = rest.slice(4)
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest)
  if (!match) throw parseError(`"${raw}" is not a valid filter: expected operator.value, e.g. eq.5`)
  const [prefix, opName = '', modifier] = match
  if (!isOperator(opName)) throw parseError(`Unknown operator "${opName}" in "${raw}"`)
  const op: Operator = opName
  let quantifier: Condition['quantifier'] = null
  let language: string | null = null
  if (modifier !== undefined) {
    if (FTS_OPERATORS.has(op)) {
      if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(modifier))
        throw parseError(`"${modifier}" is not a text search configuration`)
      language = modifier
    } else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) {
      quantifier = modifier
    } else {
      throw parseError(`"${op}(${modifier})" is not a valid operator`)
    }
  }
  let valueText = rest.slice(prefix.length)
  if (inLogicTree && op !== 'in') valueText = unquoteValue(valueText)

  let value: string | string[] = valueText
  if (op === 'in') value = parseList(valueText)
  else if (op === 'is') {
    const lowered = valueText.toLowerCase()
    if (!(IS_VALUES as readonly string[]).includes(lowered)) {
      throw parseError(`"is" accepts null, true, false or unknown, not "${valueText}"`)
    }
    value = lowered
  } else if (op === 'like' || op === 'ilike') value = valueText.replace(/\*/g, '%')
  return { kind: 'condition', field, negate, op, quantifier, language, value }
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']; `()` is the empty list. */
export function parseList(raw: string): string[] {
  const text = raw.trim()
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError(`"${raw}" is not a list: expected (a,b,c)`)
  const inner = text.slice(1, -1)
  if (inner.trim() === '') return []
  const items: string[] = []
  let i = 0
  while (i <= inner.length) {
    if (inner[i] === '"') {
      const { text: quoted, end } = readQuoted(inner, i)
      items.push(quoted)
      i = end
      if (i < inner.length && inner[i] !== ',') throw parseError(`Unexpected text after a quoted value in "${raw}"`)
      i++
    } else {
      const comma = inner.indexOf(',', i)
      const end = comma === -1 ? inner.length : comma
      items.push(inner.slice(i, end))
      i = end + 1
    }
  }
  return items
}

/** `(a.eq.1,or(b.gt.2,c.is.null))` for the logic operator `op` (from the key `or`, `and`, `not.or`, ...). */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string): LogicNode {
  assertNoNul(raw)
  const text = raw.trim()
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"${raw}" is not a valid logic tree: expected (filter,filter,...)`)
  }
  const inner = text.slice(1, -1)
  if (inner.trim() === '') throw parseError(`"${raw}" is an empty logic tree`)
  const children = splitTopLevel(inner).map((item) => parseLogicItem(item.trim()))
  return { kind: 'logic', op, negate, children }
}

function parseLogicItem(item: string): FilterNode {
  const nested = /^(not\.)?(and|or)\(/.exec(item)
  if (nested) {
    return parseLogicTree(nested[2] as 'and' | 'or', nested[1] !== undefined, item.slice(nested[0].length - 1))
  }
  const scanner = new Scanner(item)
  const field = scanner.readField('.')
  scanner.expect('.', 'a "." between the column and the operator')
  return parseCondition(field, scanner.rest(), true)
}

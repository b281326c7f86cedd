import { parseError } from './errors'
import { type FilterNode, parseCondition, parseLogicTree } from './filter-parser'
import { type FieldPath, Scanner } from './scanner'
import { parseSelect, type SelectItem } from './select-parser'
import { splitTopLevel } from './tokens'

/**
 * The query string of a data API request, split into PostgREST's parts. Filters, order, limit and offset may
 * target an embedded resource through a dotted path (`comments.order=id.desc`); the empty path is the root.
 */
export interface OrderTerm {
  /** set when ordering by a column of a to-one embedded resource: `order=author(name)` */
  relation: string | null
  field: FieldPath
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

export interface PathOptions {
  filters: FilterNode[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
}

export interface QueryParams {
  select: SelectItem[]
  /** keyed by the embed path joined with "."; "" is the root */
  byPath: Map<string, PathOptions>
  onConflict: string[] | null
  columns: string[] | null
  /** raw parameters left for RPC arguments (GET /rpc/fn?arg=value) */
  rest: [string, string][]
}

export function pathOptions(params: QueryParams, path: string): PathOptions {
  let options = params.byPath.get(path)
  if (!options) {
    options = { filters: [], order: [], limit: null, offset: null }
    params.byPath.set(path, options)
  }
  return options
}

/**
 * Parses the raw query string. `argumentNames` are RPC argument names: those parameters become arguments
 * instead of filters.
 */
export function parseQueryParams(search: string, argumentNames: ReadonlySet<string> = new Set()): QueryParams {
  const params: QueryParams = {
    select: [{ kind: 'star' }],
    byPath: new Map(),
    onConflict: null,
    columns: null,
    rest: [],
  }
  for (const [key, value] of new URLSearchParams(search)) {
    if (argumentNames.has(key)) {
      params.rest.push([key, value])
      continue
    }
    if (key === 'select') params.select = parseSelect(value)
    else if (key === 'on_conflict') params.onConflict = parseColumnList(value, 'on_conflict')
    else if (key === 'columns') params.columns = parseColumnList(value, 'columns')
    else if (key === 'apikey') continue
    else parseKeyed(params, key, value)
  }
  return params
}

function parseKeyed(params: QueryParams, key: string, value: string): void {
  const segments = splitPath(key)
  const last = segments[segments.length - 1] as string
  const parent = segments.slice(0, -1)

  if (last === 'order' || last === 'limit' || last === 'offset') {
    const options = pathOptions(params, parent.join('.'))
    if (last === 'order') options.order.push(...parseOrder(value))
    else options[last] = parseNonNegativeInt(value, key)
    return
  }
  if (last === 'or' || last === 'and') {
    const negate = parent[parent.length - 1] === 'not'
    const path = (negate ? parent.slice(0, -1) : parent).join('.')
    pathOptions(params, path).filters.push(parseLogicTree(last, negate, value))
    return
  }
  // a column filter: the last segment is the column (with its JSON path), the others the embed path
  const scanner = new Scanner(key)
  const names: string[] = []
  let field = scanner.readField('.')
  while (scanner.eat('.')) {
    if (field.json.length > 0) throw parseError(`"${key}" is not a valid filter key`)
    names.push(field.name)
    field = scanner.readField('.')
  }
  if (!scanner.eof) throw parseError(`"${key}" is not a valid filter key`)
  pathOptions(params, names.join('.')).filters.push(parseCondition(field, value, false))
}

/** Splits `a.b.c` on dots outside double quotes, without unquoting. */
function splitPath(key: string): string[] {
  const arrow = key.indexOf('->')
  const head = arrow === -1 ? key : key.slice(0, arrow)
  const parts = splitTopLevel(head, '.')
  if (arrow !== -1) parts[parts.length - 1] += key.slice(arrow)
  return parts
}

function parseNonNegativeInt(value: string, key: string): number {
  if (!/^\d{1,15}$/.test(value.trim())) throw parseError(`"${key}" must be a non-negative integer, not "${value}"`)
  return Number(value.trim())
}

/** `"a","b"` or `a,b` → ['a', 'b'] */
export function parseColumnList(value: string, key: string): string[] {
  const names = splitTopLevel(value).map((part) => {
    const scanner = new Scanner(part)
    const name = scanner.readName(',', 'a column name')
    if (!scanner.eof) throw parseError(`"${key}" must be a list of column names`)
    return name
  })
  return names
}

/** `order=a.desc.nullslast,b,author(name).asc` */
export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((item) => {
    const scanner = new Scanner(item)
    let relation: string | null = null
    let field: FieldPath
    const first = scanner.readName('.(', 'a column name')
    if (scanner.eat('(')) {
      relation = first
      field = scanner.readField('.)')
      scanner.expect(')', `")" after "${relation}(${field.name}"`)
    } else {
      field = { name: first, json: [] }
      while (scanner.startsWith('->')) {
        field.json.push({ arrow: scanner.readArrow(), key: scanner.readName('.', 'a JSON key') })
      }
    }
    const term: OrderTerm = { relation, field, direction: null, nulls: null }
    while (scanner.eat('.')) {
      const word = scanner.readName('.', 'an order modifier')
      if (word === 'asc' || word === 'desc') term.direction = word
      else if (word === 'nullsfirst') term.nulls = 'first'
      else if (word === 'nullslast') term.nulls = 'last'
      else throw parseError(`"${word}" is not an order modifier (asc, desc, nullsfirst, nullslast) in "${value}"`)
    }
    if (!scanner.eof) throw parseError(`"${item}" is not a valid order term`)
    return term
  })
}

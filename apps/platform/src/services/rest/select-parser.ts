import { RestError } from './errors'
import { type FieldPath, Scanner } from './scanner'

/**
 * The `select` parameter: columns (with alias, JSON path and cast), `*`, and embedded resources
 * `alias:table!hint!inner(select)` or spread `...table(select)`.
 */
export type SelectItem = StarItem | ColumnItem | EmbedItem

export interface StarItem {
  kind: 'star'
}

export interface ColumnItem {
  kind: 'column'
  field: FieldPath
  alias: string | null
  cast: string | null
}

export interface EmbedItem {
  kind: 'embed'
  name: string
  alias: string | null
  hint: string | null
  join: 'inner' | 'left' | null
  spread: boolean
  select: SelectItem[]
}

/** Type names for `::cast`: letters, digits, underscores and spaces ("double precision"), optionally `[]`. */
const CAST_PATTERN = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/
const NAME_STOPS = ',:()!.'

export function parseSelect(input: string): SelectItem[] {
  if (input.trim() === '') return [{ kind: 'star' }]
  const scanner = new Scanner(input)
  const items = parseList(scanner, 0)
  if (!scanner.eof) throw scanner.error('unexpected text')
  return items
}

function parseList(s: Scanner, depth: number): SelectItem[] {
  const items: SelectItem[] = []
  for (;;) {
    s.skipSpaces()
    if (depth > 0 && s.peek() === ')' && items.length === 0) return [] // `table()` selects no columns
    items.push(parseItem(s, depth))
    s.skipSpaces()
    if (!s.eat(',')) return items
  }
}

function parseItem(s: Scanner, depth: number): SelectItem {
  if (s.eat('...')) return parseEmbed(s, s.readName(NAME_STOPS, 'a table name'), null, true, depth)
  if (s.eat('*')) return { kind: 'star' }
  const first = s.readName(NAME_STOPS)
  let alias: string | null = null
  let name = first
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos++
    alias = first
    if (s.eat('...')) throw s.error('a spread embedding cannot have an alias')
    name = s.readName(NAME_STOPS)
  }
  s.skipSpaces()
  if (s.peek() === '!' || s.peek() === '(') return parseEmbed(s, name, alias, false, depth)

  // a column, possibly with a JSON path
  const json: FieldPath['json'] = []
  while (s.startsWith('->')) json.push({ arrow: s.readArrow(), key: s.readName(NAME_STOPS, 'a JSON key') })
  if (s.peek() === '.') {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
  }
  let cast: string | null = null
  if (s.eat('::')) {
    const start = s.pos
    while (!s.eof && !',()'.includes(s.peek())) s.pos++
    cast = s.input.slice(start, s.pos).trim()
    if (!CAST_PATTERN.test(cast)) throw s.error(`"${cast}" is not a type name`)
  }
  return { kind: 'column', field: { name, json }, alias, cast }
}

function parseEmbed(s: Scanner, name: string, alias: string | null, spread: boolean, depth: number): EmbedItem {
  let hint: string | null = null
  let join: EmbedItem['join'] = null
  while (s.eat('!')) {
    const word = s.readName(NAME_STOPS, 'a hint')
    if (word === 'inner' || word === 'left') join = word
    else if (hint === null) hint = word
    else throw s.error('only one hint is allowed per embedding')
  }
  s.skipSpaces()
  s.expect('(', `"(" after "${name}"`)
  const select = parseList(s, depth + 1)
  s.skipSpaces()
  s.expect(')', `")" to close "${name}("`)
  return { kind: 'embed', name, alias, hint, join, spread, select }
}

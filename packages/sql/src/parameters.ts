import { type SqlSyntaxError, scanSql } from './parser'
import { findPlaceholders, type Placeholder } from './placeholders'

/** A query parameter: declared by `@set name:type = value`, used as `:name`. */
export interface QueryParameter {
  name: string
  /** The current value: the declared default, or '' when there is none. */
  value: string
  defaultValue: string | undefined
  /** 'enum' for `a|b|c`, else the declared type as written ('int', 'date'...), or undefined. */
  type: string | undefined
  /** The values of an enum, else empty. */
  possibleValues: string[]
  /** How many `:name` placeholders use it (0 for a declared but unused parameter). */
  occurrences: number
}

export interface ParsedParameters {
  /** The SQL without its `@set` lines. */
  sql: string
  /** Declared parameters in declaration order, then undeclared placeholders in order of use. */
  parameters: QueryParameter[]
  /** Set when the SQL cannot be scanned (for example an unterminated string): no placeholder is then found. */
  error?: SqlSyntaxError
}

export interface BoundQuery {
  /** SQL with `$1..$n` in place of the placeholders: send it with `values`, never paste them in. */
  text: string
  values: (string | null)[]
}

export type ParameterValues = Readonly<Record<string, string | null | undefined>>

export class ParameterBindingError extends Error {
  override readonly name = 'ParameterBindingError'
  constructor(
    message: string,
    readonly missing: readonly string[] = [],
  ) {
    super(message)
  }
}

export interface ParameterDirective {
  name: string
  type: string | undefined
  possibleValues: string[]
  defaultValue: string | undefined
}

// @set name[:type] [= value], alone on its line
const DIRECTIVE = /^[ \t]*@set[ \t]+([\p{L}_][\p{L}\p{N}_]*)[ \t]*(?::([^=\r\n]*))?(?:=(.*))?$/u
const QUOTED_LITERAL = /^'((?:[^']|'')*)'$/

/** A value written as a SQL string literal ('O''Brien') means its content; anything else is taken as is. */
function directiveValue(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const value = raw.trim().replace(/;$/, '').trim()
  const quoted = QUOTED_LITERAL.exec(value)
  return quoted ? (quoted[1] ?? '').replaceAll("''", "'") : value
}

function parseDirective(line: string): ParameterDirective | undefined {
  const match = DIRECTIVE.exec(line)
  if (!match) return undefined
  const [, name = '', rawType, rawValue] = match
  const type = rawType?.trim() || undefined
  const isEnum = type?.includes('|') ?? false
  return {
    name,
    type: isEnum ? 'enum' : type,
    possibleValues: isEnum && type ? type.split('|').flatMap((value) => value.trim() || []) : [],
    defaultValue: directiveValue(rawValue),
  }
}

/**
 * Splits `@set` lines from the SQL. A directive is a whole line; it is recognised by its text
 * alone, so a line of a multi-line string that starts with `@set` would be taken as one.
 */
export function extractDirectives(sql: string): { sql: string; directives: Map<string, ParameterDirective> } {
  const directives = new Map<string, ParameterDirective>()
  const kept: string[] = []
  for (const line of sql.split(/(?<=\n)/)) {
    const directive = parseDirective(line.replace(/\r?\n$/, ''))
    if (directive) directives.set(directive.name, directive)
    else kept.push(line)
  }
  return { sql: kept.join(''), directives }
}

async function placeholdersOf(sql: string): Promise<{ placeholders: Placeholder[]; error?: SqlSyntaxError }> {
  const scanned = await scanSql(sql)
  return { placeholders: findPlaceholders(scanned.tokens), error: scanned.error }
}

/** Reads `@set` directives and `:name` placeholders (see `findPlaceholders` for what is not one). */
export async function parseParameters(sql: string): Promise<ParsedParameters> {
  const extracted = extractDirectives(sql)
  const { placeholders, error } = await placeholdersOf(extracted.sql)
  const occurrences = new Map<string, number>()
  for (const name of extracted.directives.keys()) occurrences.set(name, 0)
  for (const { name } of placeholders) occurrences.set(name, (occurrences.get(name) ?? 0) + 1)

  const parameters = [...occurrences].map(([name, count]): QueryParameter => {
    const directive = extracted.directives.get(name)
    return {
      name,
      value: directive?.defaultValue ?? '',
      defaultValue: directive?.defaultValue,
      type: directive?.type,
      possibleValues: directive?.possibleValues ?? [],
      occurrences: count,
    }
  })
  return error ? { sql: extracted.sql, parameters, error } : { sql: extracted.sql, parameters }
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u

/**
 * Turns `:name` placeholders into `$1..$n` (the same name always gets the same number) and
 * returns the values to bind, taken from `values`, else from the `@set` default. `@set` lines
 * are removed. Throws a ParameterBindingError when a placeholder has no value, or when the
 * SQL already uses `$n` parameters. SQL that cannot be scanned is returned without its
 * directives and with no values, so that running it shows Postgres' own syntax error.
 */
export async function bindParameters(sql: string, values: ParameterValues = {}): Promise<BoundQuery> {
  const extracted = extractDirectives(sql)
  const scanned = await scanSql(extracted.sql)
  const placeholders = findPlaceholders(scanned.tokens)
  if (placeholders.length === 0) return { text: extracted.sql, values: [] }
  if (scanned.tokens.some((token) => token.kind === 'PARAM')) {
    throw new ParameterBindingError('The SQL mixes :name placeholders with $n parameters')
  }

  const numbers = new Map<string, number>()
  const bound: (string | null)[] = []
  const missing: string[] = []
  let text = ''
  let cursor = 0
  for (const { name, start, end } of placeholders) {
    let number = numbers.get(name)
    if (number === undefined) {
      number = numbers.size + 1
      numbers.set(name, number)
      const given = values[name]
      const value = given !== undefined ? given : extracted.directives.get(name)?.defaultValue
      if (value === undefined) missing.push(name)
      bound.push(value ?? null)
    }
    const before = extracted.sql.slice(cursor, start)
    // `foo:x` must not become the identifier `foo$1`
    const gap = IDENTIFIER_CHAR.test((text + before).slice(-1)) ? ' ' : ''
    text += `${before}${gap}$${number}`
    cursor = end
  }
  if (missing.length > 0) {
    throw new ParameterBindingError(`Missing value for parameter: ${missing.join(', ')}`, missing)
  }
  return { text: text + extracted.sql.slice(cursor), values: bound }
}

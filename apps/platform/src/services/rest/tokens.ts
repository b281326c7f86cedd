import { parseError } from './errors'

/**
 * Small scanning helpers shared by the select, filter and order parsers. PostgREST's grammar lets names and
 * values be double-quoted ("a,b") with backslash escapes, and separates items with commas at depth 0.
 */

/** Splits on `separator` outside double quotes and parentheses. */
export function splitTopLevel(input: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (quoted) {
      if (ch === '\\') i++
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') {
      depth--
      if (depth < 0) throw parseError(`Unexpected ")" in "${input}"`)
    } else if (ch === separator && depth === 0) {
      parts.push(input.slice(start, i))
      start = i + 1
    }
  }
  if (quoted) throw parseError(`Unterminated double quote in "${input}"`)
  if (depth !== 0) throw parseError(`Unbalanced parentheses in "${input}"`)
  parts.push(input.slice(start))
  return parts
}

/** Reads a double-quoted token starting at `input[start] === '"'`; returns its text and the index after it. */
export function readQuoted(input: string, start: number): { text: string; end: number } {
  let text = ''
  for (let i = start + 1; i < input.length; i++) {
    const ch = input[i] as string
    if (ch === '\\' && i + 1 < input.length) {
      text += input[i + 1]
      i++
    } else if (ch === '"') {
      return { text, end: i + 1 }
    } else {
      text += ch
    }
  }
  throw parseError(`Unterminated double quote in "${input}"`)
}

/** A value that may be double-quoted: quotes are removed and escapes resolved; bare values are kept as-is. */
export function unquoteValue(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    const { text, end } = readQuoted(raw, 0)
    if (end === raw.length) return text
  }
  return raw
}

export function assertNoNul(value: string): void {
  if (value.includes('\0')) throw parseError('Names and values must not contain NUL characters')
}

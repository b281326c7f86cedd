import { extractDirectives } from './parameters'

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u

/** The JavaScript string index of a 0-based code point count (Postgres counts characters, not UTF-16 units). */
export function codePointToIndex(text: string, codePoint: number): number {
  let index = 0
  for (let seen = 0; seen < codePoint && index < text.length; seen++) {
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1
  }
  return index
}

export const indexToCodePoint = (text: string, index: number): number => [...text.slice(0, index)].length

const isDirectiveLine = (text: string, start: number): boolean => {
  const end = text.indexOf('\n', start)
  return extractDirectives(text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '')).directives.size > 0
}

/**
 * Maps an index of the SQL that was sent back to the SQL as written. Binding only removes
 * `@set` lines, turns `:name` into `$n` (with a space after an identifier character) and
 * may append a limit, so walking both texts side by side finds the matching place.
 */
export function originalIndex(original: string, sent: string, sentIndex: number): number {
  let i = 0
  let j = 0
  while (j < sentIndex && j < sent.length) {
    if (i >= original.length) return original.length
    if ((i === 0 || original[i - 1] === '\n') && isDirectiveLine(original, i)) {
      const end = original.indexOf('\n', i)
      i = end === -1 ? original.length : end + 1
      continue
    }
    if (original[i] === sent[j]) {
      i++
      j++
      continue
    }
    if (original[i] === ':' && (sent[j] === '$' || sent[j] === ' ')) {
      let nameEnd = i + 1
      while (nameEnd < original.length && IDENTIFIER_CHAR.test(original[nameEnd] ?? '')) nameEnd++
      let k = sent[j] === ' ' ? j + 1 : j
      if (sent[k] === '$') k++
      while (k < sent.length && /\d/.test(sent[k] ?? '')) k++
      if (sentIndex < k) return i
      i = nameEnd
      j = k
      continue
    }
    return Math.min(i + (sentIndex - j), original.length)
  }
  return i
}

const MAX_SHOWN_LINE = 100

/** psql's `LINE n: ...` and caret, for a 1-based character position in `sql`. */
export function caretLines(sql: string, position: number): string[] {
  const index = codePointToIndex(sql, position - 1)
  const lineStart = sql.lastIndexOf('\n', index - 1) + 1
  const lineEndAt = sql.indexOf('\n', index)
  const line = sql.slice(lineStart, lineEndAt === -1 ? undefined : lineEndAt).replace(/\r$/, '')
  const lineNumber = sql.slice(0, lineStart).split('\n').length
  let column = [...sql.slice(lineStart, index)].length
  let shown = line.replace(/\t/g, ' ')
  if (shown.length > MAX_SHOWN_LINE) {
    // like psql, show a window around the error with ellipses
    const from = Math.max(0, column - 60)
    const to = Math.min(shown.length, from + MAX_SHOWN_LINE - 10)
    shown = `${from > 0 ? '...' : ''}${shown.slice(from, to)}${to < shown.length ? '...' : ''}`
    column = column - from + (from > 0 ? 3 : 0)
  }
  const label = `LINE ${lineNumber}: `
  return [`${label}${shown}`, `${' '.repeat(label.length + column)}^`]
}

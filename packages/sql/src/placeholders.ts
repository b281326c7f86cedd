import type { SqlToken } from './parser'

/** A `:name` placeholder: `start` is the colon, `end` is just after the name. */
export interface Placeholder {
  name: string
  start: number
  end: number
}

const NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u

const isName = (token: SqlToken): boolean =>
  (token.kind === 'IDENT' || token.keywordKind !== 'none') && NAME.test(token.text)

type Bracket = '(' | 'subscript' | 'array'

/**
 * Finds `:name` placeholders in the tokens of Postgres' own scanner.
 *
 * `:name` is not SQL, so the SQL cannot be parsed until it is replaced; its tokens can be
 * scanned, and the scanner already knows what is a string ('...', E'...', $tag$...$tag$),
 * a comment, a quoted identifier ("...") or a cast (`::` is one token). What remains is a
 * colon token immediately followed by a name. The one other use of a lone colon in SQL is an
 * array slice, `a[1:n]`: colons directly inside a subscript are skipped, while a colon inside
 * an ARRAY[...] constructor or in parentheses within a subscript is still a placeholder.
 */
export function findPlaceholders(tokens: readonly SqlToken[]): Placeholder[] {
  const found: Placeholder[] = []
  const open: Bracket[] = []
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1]
    switch (token.kind) {
      case 'ASCII_40':
        open.push('(')
        return
      case 'ASCII_41':
      case 'ASCII_93':
        open.pop()
        return
      case 'ASCII_91': {
        const inArray =
          open[open.length - 1] === 'array' && (previous?.kind === 'ASCII_91' || previous?.kind === 'ASCII_44')
        open.push(previous?.kind === 'ARRAY' || inArray ? 'array' : 'subscript')
        return
      }
      case 'ASCII_58': {
        const next = tokens[i + 1]
        if (open[open.length - 1] === 'subscript' || !next || next.start !== token.end || !isName(next)) return
        found.push({ name: next.text, start: token.start, end: next.end })
        return
      }
    }
  })
  return found
}

/**
 * Where the cursor is, for completion: the word being typed, the names before a dot, and the tables the
 * statement names. A light lexer (strings, dollar quotes, comments, quoted identifiers) rather than the Postgres
 * parser: it runs while the user types, on SQL that is incomplete by nature.
 */

type Token =
  | { type: 'word'; value: string; quoted: boolean; from: number; to: number }
  | { type: 'punct'; value: string; from: number; to: number }
  | { type: 'opaque'; from: number; to: number; closed: boolean; lineComment: boolean }
  | { type: 'other'; from: number; to: number }

/** A table (or view) the statement reads or writes, as written. */
export type RelationRef = { schema?: string; name: string; alias?: string }

export type SqlCompletionPoint = {
  /** where the word being completed starts */
  from: number
  /** what is typed of it so far */
  prefix: string
  /** names before a dot: `['public']` in `public.ta|`, `['b']` in `b.ti|` */
  qualifier: string[]
  /** tables named by the statement around the cursor */
  relations: RelationRef[]
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/

function quotedEnd(text: string, start: number, quote: string, backslash: boolean): { to: number; closed: boolean } {
  let i = start + 1
  while (i < text.length) {
    const c = text[i]
    if (backslash && c === '\\') i += 2
    else if (c === quote && text[i + 1] === quote) i += 2
    else if (c === quote) return { to: i + 1, closed: true }
    else i++
  }
  return { to: text.length, closed: false }
}

function blockCommentEnd(text: string, start: number): { to: number; closed: boolean } {
  let depth = 0
  let i = start
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth++
      i += 2
    } else if (text.startsWith('*/', i)) {
      depth--
      i += 2
      if (depth === 0) return { to: i, closed: true }
    } else i++
  }
  return { to: text.length, closed: false }
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i)
      const to = end === -1 ? text.length : end
      tokens.push({ type: 'opaque', from: i, to, closed: end !== -1, lineComment: true })
      i = to
    } else if (c === '/' && text[i + 1] === '*') {
      const { to, closed } = blockCommentEnd(text, i)
      tokens.push({ type: 'opaque', from: i, to, closed, lineComment: false })
      i = to
    } else if (c === "'") {
      const escaped = i > 0 && /[eE]/.test(text[i - 1] as string) && !WORD_CHAR.test(text[i - 2] ?? ' ')
      const { to, closed } = quotedEnd(text, i, "'", escaped)
      tokens.push({ type: 'opaque', from: i, to, closed, lineComment: false })
      i = to
    } else if (c === '$' && DOLLAR_TAG.test(text.slice(i, i + 64))) {
      const tag = (DOLLAR_TAG.exec(text.slice(i, i + 64)) as RegExpExecArray)[0]
      const end = text.indexOf(tag, i + tag.length)
      const to = end === -1 ? text.length : end + tag.length
      tokens.push({ type: 'opaque', from: i, to, closed: end !== -1, lineComment: false })
      i = to
    } else if (c === '"') {
      const { to, closed } = quotedEnd(text, i, '"', false)
      const inner = text.slice(i + 1, closed ? to - 1 : to).replaceAll('""', '"')
      tokens.push({ type: 'word', value: inner, quoted: true, from: i, to })
      i = to
    } else if (WORD_START.test(c)) {
      let to = i + 1
      while (to < text.length && WORD_CHAR.test(text[to] as string)) to++
      // E'...' is a string with backslash escapes: the E belongs to it
      if (text[to] === "'" && to === i + 1 && (c === 'e' || c === 'E')) {
        i = to
        continue
      }
      tokens.push({ type: 'word', value: text.slice(i, to).toLowerCase(), quoted: false, from: i, to })
      i = to
    } else if (c === '.' || c === ',' || c === ';' || c === '(' || c === ')') {
      tokens.push({ type: 'punct', value: c, from: i, to: i + 1 })
      i++
    } else {
      let to = i + 1
      if (/[0-9]/.test(c)) while (to < text.length && /[0-9.eE]/.test(text[to] as string)) to++
      tokens.push({ type: 'other', from: i, to })
      i = to
    }
  }
  return tokens
}

/** Words that end a table reference, so they are never taken for its alias. */
const NOT_AN_ALIAS = new Set(
  `where join inner left right full outer cross natural on using group order limit offset fetch having window
  union intersect except set returning values select as for lateral tablesample default from into and or not
  when then else end with do conflict only partition by asc desc nulls is in between like ilike`.split(/\s+/),
)
/** Words after which the statement names a table. */
const TABLE_KEYWORDS = new Set(['from', 'join', 'update', 'into', 'table'])

const isWord = (token: Token | undefined): token is Extract<Token, { type: 'word' }> => token?.type === 'word'
const isPunct = (token: Token | undefined, value: string) => token?.type === 'punct' && token.value === value
const isSkippedBeforeTable = (token: Token | undefined) =>
  isWord(token) && !token.quoted && (token.value === 'only' || token.value === 'lateral')

/** Reads `[schema.]name [[as] alias]` at `start`; answers the reference and the index after it. */
function readRelation(tokens: Token[], start: number): { ref?: RelationRef; next: number } {
  let i = start
  while (isSkippedBeforeTable(tokens[i])) i++
  const first = tokens[i]
  if (!isWord(first) || (!first.quoted && NOT_AN_ALIAS.has(first.value))) return { next: i }
  const parts = [first.value]
  i++
  for (let part = tokens[i + 1]; isPunct(tokens[i], '.') && isWord(part); part = tokens[i + 1]) {
    parts.push(part.value)
    i += 2
  }
  const name = parts[parts.length - 1] as string
  const schema = parts.length > 1 ? parts[parts.length - 2] : undefined
  let alias: string | undefined
  const after = tokens[i]
  const afterAs = tokens[i + 1]
  if (isWord(after) && !after.quoted && after.value === 'as' && isWord(afterAs)) {
    alias = afterAs.value
    i += 2
  } else if (isWord(after) && (after.quoted || !NOT_AN_ALIAS.has(after.value))) {
    alias = after.value
    i++
  }
  return { ref: { schema, name, alias }, next: i }
}

/** The tables a statement's tokens name after FROM, JOIN, UPDATE, INTO and TABLE (comma lists included). */
export function statementRelations(tokens: Token[]): RelationRef[] {
  const relations: RelationRef[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (!isWord(token) || token.quoted || !TABLE_KEYWORDS.has(token.value)) continue
    let at = i + 1
    for (;;) {
      const { ref, next } = readRelation(tokens, at)
      if (ref) relations.push(ref)
      if (!ref || token.value !== 'from' || !isPunct(tokens[next], ',')) break
      at = next + 1
    }
  }
  return relations
}

/** Whether `pos` falls inside a string, dollar-quoted body or comment. */
function insideOpaque(token: Token, pos: number): boolean {
  if (token.type !== 'opaque' || pos <= token.from) return false
  if (pos < token.to) return true
  return pos === token.to && (token.lineComment || !token.closed)
}

/** The completion point at `pos` in `text`, or null where nothing should be offered (strings, comments). */
export function completionPointAt(text: string, pos: number): SqlCompletionPoint | null {
  const tokens = tokenize(text)
  if (tokens.some((token) => insideOpaque(token, pos))) return null

  let statementStart = 0
  let statementEnd = tokens.length
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token
    if (!isPunct(token, ';')) continue
    if (token.to <= pos) statementStart = i + 1
    else {
      statementEnd = i
      break
    }
  }
  const statement = tokens.slice(statementStart, statementEnd)

  // the word under the cursor (typed so far), and what stands before it
  const currentIndex = statement.findIndex((token) => token.from < pos && pos <= token.to)
  const current = statement[currentIndex]
  let from = pos
  let prefix = ''
  let end: number
  if (isWord(current)) {
    from = current.from
    prefix = text.slice(current.from, pos)
    end = currentIndex
  } else if (current && current.to > pos) {
    // inside a number or an operator
    return null
  } else {
    end = statement.findIndex((token) => token.from >= pos)
    if (end === -1) end = statement.length
  }
  const qualifier: string[] = []
  let dotEnd = from
  for (let i = end - 1; ; i -= 2) {
    const dot = statement[i]
    const word = statement[i - 1]
    if (!dot || !isPunct(dot, '.') || dot.to !== dotEnd || !isWord(word) || word.to !== dot.from) break
    qualifier.unshift(word.value)
    dotEnd = word.from
  }

  const others = isWord(current) ? statement.filter((token) => token !== current) : statement
  return { from, prefix, qualifier, relations: statementRelations(others) }
}

/**
 * The part of Go's template language that auth email templates use, parsed into a tree (template-render.ts evaluates
 * it): nothing in a template is ever run as code.
 *
 * Supported: `{{ .Name }}` and `{{ .Data.key.sub }}` (a missing name renders empty), `{{ if X }}`, `{{ else if X }}`,
 * `{{ else }}`, `{{ end }}`, the functions `eq`, `ne`, `not`, `and`, `or` with parenthesised calls as arguments,
 * string ("..." and `...`), number and true/false literals, `{{/* comments *\/}}` and the `{{-`/`-}}` whitespace
 * trims. Anything else (range, with, pipes, variables, other functions) is refused with its line and column, so a
 * template is checked when it is saved rather than failing when a user waits for their email.
 */

/** Longest template accepted: far above any real email, and a bound on the work one render does. */
export const MAX_TEMPLATE_CHARS = 100_000
/** Deepest nesting of `if` blocks and of parentheses. */
export const MAX_TEMPLATE_NESTING = 32

export class TemplateSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`line ${line}, column ${column}: ${detail}`)
    this.name = 'TemplateSyntaxError'
  }
}

const FUNCTIONS = ['eq', 'ne', 'not', 'and', 'or'] as const
type FunctionName = (typeof FUNCTIONS)[number]
/** How many arguments each function takes: at least, at most. */
const ARITY: Record<FunctionName, readonly [number, number]> = {
  eq: [2, Number.POSITIVE_INFINITY],
  ne: [2, 2],
  not: [1, 1],
  and: [1, Number.POSITIVE_INFINITY],
  or: [1, Number.POSITIVE_INFINITY],
}
/** Go template keywords this subset leaves out: named in the error so the author knows it is not a typo. */
const UNSUPPORTED_KEYWORDS = ['range', 'with', 'define', 'template', 'block', 'break', 'continue', 'nil']

export type Expr =
  | { kind: 'field'; path: string[] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'call'; name: FunctionName; args: Expr[] }

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'if'; branches: { condition: Expr; body: TemplateNode[] }[]; otherwise: TemplateNode[] }

type Token =
  | { kind: 'field'; path: string[]; at: number }
  | { kind: 'ident'; name: string; at: number }
  | { kind: 'literal'; value: string | number | boolean; at: number }
  | { kind: '(' | ')'; at: number }

interface Action {
  tokens: Token[]
  /** offset of the `{{` */
  at: number
}

function position(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r'
const isNameChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_]/.test(char)

/** Parses a template into its tree, or throws a TemplateSyntaxError naming where it went wrong. */
export function parseTemplate(source: string): TemplateNode[] {
  function fail(offset: number, detail: string): never {
    const { line, column } = position(source, offset)
    throw new TemplateSyntaxError(line, column, detail)
  }
  if (source.length > MAX_TEMPLATE_CHARS) {
    fail(MAX_TEMPLATE_CHARS, `a template may be at most ${MAX_TEMPLATE_CHARS} characters long`)
  }

  /** An `if` being read: its branches so far, and where the next nodes go. */
  interface OpenIf {
    node: Extract<TemplateNode, { kind: 'if' }>
    target: TemplateNode[]
    hasElse: boolean
    at: number
  }
  const root: TemplateNode[] = []
  const open: OpenIf[] = []
  const target = () => open.at(-1)?.target ?? root
  let trimNextText = false
  let index = 0

  const addText = (text: string, trimEnd: boolean) => {
    let value = trimNextText ? text.replace(/^\s+/, '') : text
    if (trimEnd) value = value.replace(/\s+$/, '')
    trimNextText = false
    if (value) target().push({ kind: 'text', text: value })
  }

  /** Reads the action starting at `{{`; returns its tokens (null for a comment) and the offset after its `}}`. */
  const readAction = (start: number): { action: Action | null; end: number; trimAfter: boolean } => {
    let i = start + 2
    if (source[i] === '-' && isSpace(source[i + 1])) i += 2
    const skipSpace = () => {
      while (isSpace(source[i])) i++
    }
    const closeAt = (from: number): { end: number; trimAfter: boolean } | null => {
      let j = from
      while (isSpace(source[j])) j++
      if (source.startsWith('}}', j)) return { end: j + 2, trimAfter: false }
      if (j > from && source.startsWith('-}}', j)) return { end: j + 3, trimAfter: true }
      return null
    }
    skipSpace()
    if (source.startsWith('/*', i)) {
      const commentEnd = source.indexOf('*/', i + 2)
      if (commentEnd === -1) fail(i, 'this comment has no closing "*/"')
      const close = closeAt(commentEnd + 2)
      if (!close) fail(commentEnd + 2, 'a comment must be followed directly by "}}"')
      return { action: null, ...close }
    }
    const tokens: Token[] = []
    for (;;) {
      const close = closeAt(i)
      if (close) {
        if (tokens.length === 0) fail(start, 'this action is empty')
        return { action: { tokens, at: start }, ...close }
      }
      skipSpace()
      const at = i
      const char = source[i]
      if (char === undefined) return fail(start, 'this "{{" has no closing "}}"')
      if (char === '(' || char === ')') {
        tokens.push({ kind: char, at })
        i++
      } else if (char === '.') {
        const path: string[] = []
        while (source[i] === '.') {
          let j = i + 1
          while (isNameChar(source[j])) j++
          if (j === i + 1) fail(i, 'a "." must be followed by a name, as in .Email or .Data.plan')
          path.push(source.slice(i + 1, j))
          i = j
        }
        tokens.push({ kind: 'field', path, at })
      } else if (char === '"') {
        let value = ''
        i++
        for (;;) {
          const next = source[i]
          if (next === undefined || next === '\n') fail(at, 'this string has no closing quote')
          if (next === '"') break
          if (next === '\\') {
            const escaped = ESCAPES[source[i + 1] ?? '']
            if (escaped === undefined) fail(i, `unknown escape "\\${source[i + 1] ?? ''}" in a string`)
            value += escaped
            i += 2
          } else {
            value += next
            i++
          }
        }
        i++
        tokens.push({ kind: 'literal', value, at })
      } else if (char === '`') {
        const endQuote = source.indexOf('`', i + 1)
        if (endQuote === -1) fail(at, 'this string has no closing backquote')
        tokens.push({ kind: 'literal', value: source.slice(i + 1, endQuote), at })
        i = endQuote + 1
      } else if (/[-0-9]/.test(char)) {
        const match = /^-?\d+(?:\.\d+)?/.exec(source.slice(i, i + 40))
        if (!match) return fail(at, `unexpected "${char}"`)
        tokens.push({ kind: 'literal', value: Number(match[0]), at })
        i += match[0].length
      } else if (/[A-Za-z_]/.test(char)) {
        let j = i
        while (isNameChar(source[j])) j++
        const name = source.slice(i, j)
        tokens.push(
          name === 'true' || name === 'false'
            ? { kind: 'literal', value: name === 'true', at }
            : { kind: 'ident', name, at },
        )
        i = j
      } else if (char === '|') {
        fail(at, 'pipes ("|") are not supported: call functions as eq .Data.x "y"')
      } else if (char === '$') {
        fail(at, 'template variables ("$") are not supported')
      } else {
        fail(at, `unexpected "${char}"`)
      }
    }
  }

  /** Reads one expression from tokens[from]: a function call or a single operand; returns it and where it ends. */
  const parseCommand = (tokens: Token[], from: number, depth: number): { expr: Expr; next: number } => {
    const first = tokens[from]
    if (!first) return fail(tokens.at(-1)?.at ?? 0, 'an expression is missing here')
    if (first.kind === 'ident' && isFunction(first.name)) {
      const args: Expr[] = []
      let next = from + 1
      while (next < tokens.length && tokens[next]?.kind !== ')') {
        const operand = parseOperand(tokens, next, depth)
        args.push(operand.expr)
        next = operand.next
      }
      const [least, most] = ARITY[first.name]
      if (args.length < least || args.length > most) {
        const wanted = least === most ? `${least}` : `at least ${least}`
        fail(first.at, `${first.name} takes ${wanted} argument${least === 1 ? '' : 's'}, not ${args.length}`)
      }
      return { expr: { kind: 'call', name: first.name, args }, next }
    }
    const operand = parseOperand(tokens, from, depth)
    const extra = tokens[operand.next]
    if (extra && extra.kind !== ')') fail(extra.at, 'only a function (eq, ne, not, and, or) takes arguments')
    return operand
  }

  const parseOperand = (tokens: Token[], from: number, depth: number): { expr: Expr; next: number } => {
    const token = tokens[from] as Token
    switch (token.kind) {
      case 'field':
        return { expr: { kind: 'field', path: token.path }, next: from + 1 }
      case 'literal':
        return { expr: { kind: 'literal', value: token.value }, next: from + 1 }
      case '(': {
        if (depth >= MAX_TEMPLATE_NESTING) fail(token.at, `parentheses nest at most ${MAX_TEMPLATE_NESTING} deep`)
        const inner = parseCommand(tokens, from + 1, depth + 1)
        if (tokens[inner.next]?.kind !== ')') fail(token.at, 'this "(" has no closing ")"')
        return { expr: inner.expr, next: inner.next + 1 }
      }
      case ')':
        return fail(token.at, 'unexpected ")"')
      case 'ident':
        if (isFunction(token.name)) fail(token.at, `put ${token.name} and its arguments in parentheses here`)
        return unknownWord(token)
    }
  }

  const unknownWord = (token: Extract<Token, { kind: 'ident' }>): never =>
    fail(
      token.at,
      UNSUPPORTED_KEYWORDS.includes(token.name)
        ? `"${token.name}" is not supported: only if, else, end and the functions eq, ne, not, and, or are`
        : `unknown word "${token.name}": variables start with a dot, as in .Email`,
    )

  /** The whole action as one expression. */
  const parseExpression = (tokens: Token[], from: number, at: number): Expr => {
    if (from >= tokens.length) fail(at, 'a condition is missing here')
    const { expr, next } = parseCommand(tokens, from, 0)
    const extra = tokens[next]
    if (extra) fail(extra.at, extra.kind === ')' ? 'unexpected ")"' : 'unexpected extra words in this action')
    return expr
  }

  for (;;) {
    const start = source.indexOf('{{', index)
    if (start === -1) {
      addText(source.slice(index), false)
      break
    }
    const trimBefore = source[start + 2] === '-' && isSpace(source[start + 3])
    addText(source.slice(index, start), trimBefore)
    const { action, end, trimAfter } = readAction(start)
    index = end
    trimNextText = trimAfter
    if (!action) continue
    const [first] = action.tokens as [Token, ...Token[]]
    const keyword = first.kind === 'ident' ? first.name : undefined
    const current = open.at(-1)
    if (keyword === 'if') {
      if (open.length >= MAX_TEMPLATE_NESTING) fail(start, `"if" blocks nest at most ${MAX_TEMPLATE_NESTING} deep`)
      const body: TemplateNode[] = []
      const node: OpenIf['node'] = {
        kind: 'if',
        branches: [{ condition: parseExpression(action.tokens, 1, first.at + 2), body }],
        otherwise: [],
      }
      target().push(node)
      open.push({ node, target: body, hasElse: false, at: start })
    } else if (keyword === 'else') {
      if (!current) fail(start, '"{{ else }}" without an open "{{ if }}"')
      const state = current as OpenIf
      if (state.hasElse) fail(start, 'this "{{ if }}" already has its "{{ else }}"')
      const second = action.tokens[1]
      if (second === undefined) {
        state.hasElse = true
        state.target = state.node.otherwise
      } else if (second.kind === 'ident' && second.name === 'if') {
        const body: TemplateNode[] = []
        state.node.branches.push({ condition: parseExpression(action.tokens, 2, second.at + 2), body })
        state.target = body
      } else {
        fail(second.at, '"else" is followed by "if" or by nothing')
      }
    } else if (keyword === 'end') {
      if (!current) fail(start, '"{{ end }}" without an open "{{ if }}"')
      const extra = action.tokens[1]
      if (extra) fail(extra.at, '"end" takes nothing after it')
      open.pop()
    } else {
      target().push({ kind: 'output', expr: parseExpression(action.tokens, 0, start) })
    }
  }
  const unclosed = open.at(-1)
  if (unclosed) fail(unclosed.at, 'this "{{ if }}" has no "{{ end }}"')
  return root
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r', "'": "'" }

function isFunction(name: string): name is FunctionName {
  return (FUNCTIONS as readonly string[]).includes(name)
}

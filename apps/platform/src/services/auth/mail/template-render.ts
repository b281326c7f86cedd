import type { Expr, TemplateNode } from './template-parser'

/** Evaluates a parsed auth email template: lookups, Go's truth and equality, and escaping of every value. */

/** The values a template can name: `.Name` looks up `Name`, `.Data.key` walks into nested objects. */
export type TemplateData = Record<string, unknown>

/** Own properties only: `.Data.constructor` or `.Data.__proto__` must not reach JavaScript's internals. */
function lookup(data: TemplateData, path: string[]): unknown {
  let value: unknown = data
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) {
      return undefined
    }
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** Go's truth: false, 0, an empty string, list or map, and a missing value are false. */
function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false
  if (typeof value === 'number' && Number.isNaN(value)) return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/** Equal when the same basic value; a missing value counts as "". */
function isEqual(a: unknown, b: unknown): boolean {
  const plain = (value: unknown) => (value === undefined || value === null ? '' : value)
  const [left, right] = [plain(a), plain(b)]
  return typeof left !== 'object' && left === right
}

function evaluate(expr: Expr, data: TemplateData): unknown {
  if (expr.kind === 'literal') return expr.value
  if (expr.kind === 'field') return lookup(data, expr.path)
  const args = expr.args
  switch (expr.name) {
    case 'eq': {
      const first = evaluate(args[0] as Expr, data)
      return args.slice(1).some((arg) => isEqual(first, evaluate(arg, data)))
    }
    case 'ne':
      return !isEqual(evaluate(args[0] as Expr, data), evaluate(args[1] as Expr, data))
    case 'not':
      return !isTruthy(evaluate(args[0] as Expr, data))
    case 'and':
    case 'or': {
      // like Go: the first argument that decides the answer, else the last one
      let value: unknown
      for (const arg of args) {
        value = evaluate(arg, data)
        if (isTruthy(value) === (expr.name === 'or')) return value
      }
      return value
    }
  }
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Renders a parsed template; every value passes through `escapeValue` (HTML escaping for bodies). */
export function executeTemplate(
  nodes: TemplateNode[],
  data: TemplateData,
  escapeValue: (text: string) => string,
): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text
    else if (node.kind === 'output') out += escapeValue(stringify(evaluate(node.expr, data)))
    else {
      const branch = node.branches.find(({ condition }) => isTruthy(evaluate(condition, data)))
      out += executeTemplate(branch ? branch.body : node.otherwise, data, escapeValue)
    }
  }
  return out
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' }

/** Safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string)
}

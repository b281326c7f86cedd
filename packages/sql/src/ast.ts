/**
 * Helpers over the JSON parse tree of libpg_query. A node is an object with a single key, its
 * type (`{ "SelectStmt": { ... } }`). Fields typed as a specific struct are not wrapped, and of
 * those only `larg`/`rarg` (the two sides of UNION/INTERSECT/EXCEPT) hold statements.
 */
export type NodeBody = Record<string, unknown>

export interface TypedNode {
  type: string
  body: NodeBody
}

const isObject = (value: unknown): value is NodeBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The type and fields of a wrapped node, or undefined when `value` is not one. */
export function asNode(value: unknown): TypedNode | undefined {
  if (!isObject(value)) return undefined
  const keys = Object.keys(value)
  if (keys.length !== 1) return undefined
  const type = keys[0] as string
  const body = value[type]
  if (!/^[A-Z]/.test(type) || !isObject(body)) return undefined
  return { type, body }
}

/** Fields holding an unwrapped statement of a known type. */
const UNWRAPPED_FIELDS: Readonly<Record<string, string>> = { larg: 'SelectStmt', rarg: 'SelectStmt' }

/** Returns whether to visit the children of the node. */
export type Visitor = (node: TypedNode) => boolean

/** Visits every node under `value`, depth first, parents before children. */
export function walk(value: unknown, visit: Visitor): void {
  const node = asNode(value)
  if (node) {
    if (visit(node) === false) return
    walkFields(node.body, visit)
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit)
  } else if (isObject(value)) {
    walkFields(value, visit)
  }
}

function walkFields(body: NodeBody, visit: Visitor): void {
  for (const [key, child] of Object.entries(body)) {
    const unwrappedType = UNWRAPPED_FIELDS[key]
    if (unwrappedType && isObject(child)) {
      walk({ [unwrappedType]: child }, visit)
    } else if (typeof child === 'object' && child !== null) {
      walk(child, visit)
    }
  }
}

/** Whether any node under `value` matches; stops at the first match. */
export function someNode(value: unknown, predicate: (node: TypedNode) => boolean): boolean {
  let found = false
  walk(value, (node) => {
    found ||= predicate(node)
    return !found
  })
  return found
}

const FALSE_WORDS = new Set(['false', 'off', 'no', '0'])

/** Whether a `DefElem` option list switches `name` on (`analyze`, `analyze true`, `analyze on`). */
export function optionEnabled(options: unknown, name: string): boolean {
  if (!Array.isArray(options)) return false
  for (const option of options) {
    const element = asNode(option)
    if (element?.type !== 'DefElem' || element.body.defname !== name) continue
    const arg = asNode(element.body.arg)
    if (!arg) return true
    const value = arg.body.sval ?? arg.body.boolval ?? arg.body.ival
    return !FALSE_WORDS.has(String(value ?? false).toLowerCase())
  }
  return false
}

/**
 * Nodes whose children are not run by the statement itself: function and rule bodies,
 * prepared statements, trigger and policy conditions, and plans that EXPLAIN shows without
 * running (EXPLAIN ANALYZE does run its query).
 */
const DEFINES_WITHOUT_RUNNING = new Set([
  'CreateFunctionStmt',
  'RuleStmt',
  'PrepareStmt',
  'CreateTrigStmt',
  'CreatePolicyStmt',
  'AlterPolicyStmt',
  'ViewStmt',
])

/**
 * Visits the nodes a statement runs when it is executed: itself, data-modifying CTEs,
 * the statements of CREATE SCHEMA, the query under EXPLAIN ANALYZE or COPY. It does not enter
 * function bodies (dollar-quoted bodies are plain strings in the tree anyway, and
 * `BEGIN ATOMIC` bodies only run when the function is called).
 */
export function walkExecuted(value: unknown, visit: (node: TypedNode) => void): void {
  walk(value, (node) => {
    visit(node)
    if (DEFINES_WITHOUT_RUNNING.has(node.type)) return false
    if (node.type === 'ExplainStmt' && !optionEnabled(node.body.options, 'analyze')) return false
    return true
  })
}

/** The `sval` strings of a list of `String` nodes (qualified names). */
export function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const node = asNode(item)
    return node?.type === 'String' && typeof node.body.sval === 'string' ? [node.body.sval] : []
  })
}

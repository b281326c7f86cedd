type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** RFC 7386 JSON merge patch: objects merge key by key, `null` deletes, anything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch)
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {}
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key]
    else result[key] = applyMergePatch(result[key], value)
  }
  return result
}

export class JsonPatchTestFailed extends Error {}

/** RFC 6901 pointer segments ("~1" is "/", "~0" is "~"). */
const segments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))

/** RFC 6902 JSON patch, for the operations the driver sends: add, replace, remove and test. */
export function applyJsonPatch(
  document: unknown,
  operations: { op: string; path: string; value?: unknown }[],
): unknown {
  const result = structuredClone(document) as Record<string, unknown>
  for (const operation of operations) {
    const parts = segments(operation.path)
    const last = parts.pop()
    if (last === undefined) throw new Error(`Invalid path ${operation.path}`)
    let parent: Record<string, unknown> = result
    for (const part of parts) {
      const next = parent[part]
      if (!isObject(next)) throw new Error(`Path ${operation.path} does not exist`)
      parent = next
    }
    switch (operation.op) {
      case 'test':
        if (JSON.stringify(parent[last]) !== JSON.stringify(operation.value)) {
          throw new JsonPatchTestFailed(`test operation failed at ${operation.path}`)
        }
        break
      case 'add':
      case 'replace':
        if (operation.op === 'replace' && !(last in parent)) throw new Error(`Path ${operation.path} does not exist`)
        parent[last] = structuredClone(operation.value)
        break
      case 'remove':
        if (!(last in parent)) throw new Error(`Path ${operation.path} does not exist`)
        delete parent[last]
        break
      default:
        throw new Error(`Unsupported operation ${operation.op}`)
    }
  }
  return result
}

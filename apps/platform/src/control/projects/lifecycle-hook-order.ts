import type { RegisteredHook } from './lifecycle-hook-types'

export class HookOrderCycleError extends Error {
  constructor(readonly services: string[]) {
    super(`Lifecycle hooks cannot be ordered: ${services.join(' runs after ')}`)
  }
}

/** The hooks each hook waits for: its service's earlier hooks, and every hook of the services it names in `after`. */
function prerequisites(hooks: readonly RegisteredHook[]): Map<RegisteredHook, RegisteredHook[]> {
  return new Map(
    hooks.map((hook, index) => [
      hook,
      hooks.filter((other, otherIndex) =>
        other.service === hook.service ? otherIndex < index : hook.after.includes(other.service),
      ),
    ]),
  )
}

/**
 * A cycle among the services whose hooks could not be placed. Each such service has a hook waiting for a hook of
 * another unplaced service (its earliest unplaced hook waits on nothing of its own), so following those leads round.
 */
function cycleAmong(unplaced: readonly RegisteredHook[]): string[] {
  const services = new Set(unplaced.map((hook) => hook.service))
  const next = (service: string) =>
    unplaced
      .filter((hook) => hook.service === service)
      .flatMap((hook) => hook.after)
      .find((other) => other !== service && services.has(other))
  const path: string[] = []
  let current = unplaced[0]?.service
  while (current !== undefined && !path.includes(current)) {
    path.push(current)
    current = next(current)
  }
  if (current === undefined) return path
  return [...path.slice(path.indexOf(current)), current]
}

/**
 * The hooks of one event and stage in the order they run: after every hook of the services they name, their own
 * service's in the order it registered them, and otherwise in registration order. Throws when the names go round.
 */
export function orderHooks(hooks: readonly RegisteredHook[]): RegisteredHook[] {
  const waitsFor = prerequisites(hooks)
  const ordered: RegisteredHook[] = []
  const placed = new Set<RegisteredHook>()
  while (ordered.length < hooks.length) {
    const ready = hooks.find(
      (hook) => !placed.has(hook) && (waitsFor.get(hook) ?? []).every((other) => placed.has(other)),
    )
    if (!ready) throw new HookOrderCycleError(cycleAmong(hooks.filter((hook) => !placed.has(hook))))
    ordered.push(ready)
    placed.add(ready)
  }
  return ordered
}

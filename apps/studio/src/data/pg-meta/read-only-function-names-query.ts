import { PG_META_CONNECTION_HEADER, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { pgMetaKeys } from './keys'

/** The project's built-in functions that only read: calls to them run without a confirmation. */
export async function getReadOnlyFunctionNames(ref: string | undefined, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/read-only-function-names', {
    params: { ref },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

/** The catalog changes rarely; SQL that creates or drops functions refreshes it (its key is under 'functions'). */
const READ_ONLY_FUNCTIONS_STALE_MS = 10 * 60_000

const sets = new WeakMap<readonly string[], ReadonlySet<string>>()

/**
 * The names as a set, fetched once per project and then cached; undefined when the catalog cannot be read,
 * so the run falls back to the built-in list and asks first.
 */
export async function readOnlyFunctionSet(
  queryClient: QueryClient,
  ref: string | undefined,
): Promise<ReadonlySet<string> | undefined> {
  try {
    const names = await queryClient.fetchQuery({
      queryKey: pgMetaKeys.readOnlyFunctionNames(ref),
      queryFn: ({ signal }) => getReadOnlyFunctionNames(ref, signal),
      staleTime: READ_ONLY_FUNCTIONS_STALE_MS,
      retry: false,
    })
    let set = sets.get(names)
    if (!set) {
      set = new Set(names)
      sets.set(names, set)
    }
    return set
  } catch {
    return undefined
  }
}

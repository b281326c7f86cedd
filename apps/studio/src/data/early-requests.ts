/**
 * Requests the page's inline script in index.html sent before the app's code arrived (a table opened by its
 * address): the fetcher takes each one over once, instead of sending it again. The key is the method, the path
 * and the JSON body exactly as the fetcher would send them; index.html builds the same keys.
 */
type EarlyRequests = Record<string, Promise<Response> | undefined>

declare global {
  interface Window {
    __pgfleetEarly?: EarlyRequests
  }
}

export const earlyRequestKey = (method: string, path: string, body: string | undefined) =>
  `${method} ${path} ${body ?? ''}`

/** The early request for exactly this call, at most once; undefined when there is none. */
export function takeEarlyRequest(
  method: string,
  path: string,
  body: string | undefined,
): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.__pgfleetEarly) return undefined
  const key = earlyRequestKey(method, path, body)
  const early = window.__pgfleetEarly[key]
  if (early) delete window.__pgfleetEarly[key]
  return early
}

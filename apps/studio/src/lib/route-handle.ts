import type { Params, UIMatch } from 'react-router'

/** What a route declares about itself in its `handle`. */
export type RouteHandle = {
  /** the page part of the browser title */
  title?: string | ((params: Params) => string)
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null
}

/** The deepest route's title. */
export function getRouteHandle(matches: readonly UIMatch[]): { title?: string } {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]
    if (!match || !isRouteHandle(match.handle) || match.handle.title === undefined) continue
    const { title } = match.handle
    return { title: typeof title === 'function' ? title(match.params) : title }
  }
  return {}
}

import type { Params, UIMatch } from 'react-router'

/** What a route declares about itself in its `handle`. */
export type RouteHandle = {
  /** the page part of the browser title */
  title?: string | ((params: Params) => string)
  /** one sentence saying what the page holds (shown by pages not built yet) */
  summary?: string | ((params: Params) => string)
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null
}

function resolve(value: RouteHandle['title'], params: Params) {
  return typeof value === 'function' ? value(params) : value
}

/** The deepest route's title and summary. */
export function getRouteHandle(matches: readonly UIMatch[]): { title?: string; summary?: string } {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]
    if (!match || !isRouteHandle(match.handle) || match.handle.title === undefined) continue
    return {
      title: resolve(match.handle.title, match.params),
      summary: resolve(match.handle.summary, match.params),
    }
  }
  return {}
}

import {
  type ApiRouteKey,
  fillPath,
  type JsonRouteKey,
  type RouteInput,
  type RouteLocation,
  type RouteResponse,
} from '@pgfleet/contracts'
import { fetcher, type HttpMethod, type RequestOptions } from './fetcher'

/** What a call sets besides the route: its params, query and body as the route table types them. */
export type ApiOptions<K extends ApiRouteKey> = Omit<RequestOptions, 'method' | 'body'> & RouteInput<K>

/** The options argument may be left out when the route needs neither params, query nor body. */
type OptionsArgument<K extends ApiRouteKey> =
  object extends ApiOptions<K> ? [options?: ApiOptions<K>] : [options: ApiOptions<K>]

/** A route's key is `METHOD /path/{param}`: the method and the template, without reading the table at run time. */
function splitRouteKey(route: ApiRouteKey): { method: HttpMethod; path: string } {
  const space = route.indexOf(' ')
  return { method: route.slice(0, space) as HttpMethod, path: route.slice(space + 1) }
}

/** Query values as the server reads them: lists comma-separated, absent values left out. */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.set(name, Array.isArray(value) ? value.join(',') : String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

type UntypedInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown }

/** The URL of a route with its params filled in (each encoded as one path segment) and its query. */
export function routeUrl<K extends ApiRouteKey>(route: K, location: RouteLocation<K>): string {
  return urlOf(route, location as UntypedInput)
}

function urlOf(route: ApiRouteKey, { params, query }: UntypedInput): string {
  return `${fillPath(splitRouteKey(route).path, params ?? {})}${queryString(query)}`
}

/**
 * Calls a route of the platform API by its key in the route table: a wrong path, param name, body or use of
 * the answer does not compile. Errors, CSRF, timeouts and 401s are fetcher's.
 */
export function api<K extends JsonRouteKey>(route: K, ...[options]: OptionsArgument<K>): Promise<RouteResponse<K>> {
  const { params, query, body, ...request } = (options ?? {}) as Omit<RequestOptions, 'method' | 'body'> & UntypedInput
  return fetcher<RouteResponse<K>>(urlOf(route, { params, query }), {
    ...request,
    method: splitRouteKey(route).method,
    body,
  })
}

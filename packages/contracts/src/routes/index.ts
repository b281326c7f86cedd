import type { z } from 'zod'
import { accountApiRoutes } from './account'
import { apiKeyApiRoutes } from './api-keys'
import { assistantApiRoutes } from './assistant'
import { projectAuthApiRoutes } from './auth'
import { branchingApiRoutes } from './branching'
import { contentApiRoutes } from './content'
import { databaseApiRoutes } from './database'
import type { PathParamNames, RouteDefinition } from './define'
import { projectApiRoutes } from './projects'
import { recoveryApiRoutes } from './recovery'
import { resourceApiRoutes } from './resources'
import { serviceApiRoutes } from './services'
import { storageObjectApiRoutes } from './storage-objects'

export * from './define'
export * from './path-template'

/**
 * Every route of the platform API the dashboard or a script calls, keyed `METHOD /path/{param}`. The server's
 * test checks each is registered, and that every /platform and /v1 route of the server is listed here;
 * docs/api.md's route index is generated from it (scripts/generate-api-docs.ts).
 */
export const apiRoutes = {
  ...accountApiRoutes,
  ...projectApiRoutes,
  ...apiKeyApiRoutes,
  ...recoveryApiRoutes,
  ...branchingApiRoutes,
  ...resourceApiRoutes,
  ...databaseApiRoutes,
  ...contentApiRoutes,
  ...serviceApiRoutes,
  ...storageObjectApiRoutes,
  ...assistantApiRoutes,
  ...projectAuthApiRoutes,
} as const satisfies Record<string, RouteDefinition>

export type ApiRoutes = typeof apiRoutes
export type ApiRouteKey = keyof ApiRoutes

/** The route table by group, as the docs list it (and for the check that no key is defined twice). */
export const apiRouteGroups = [
  { title: 'Account, organizations and the platform', routes: accountApiRoutes },
  { title: 'Projects', routes: projectApiRoutes },
  { title: 'Project API keys', routes: apiKeyApiRoutes },
  { title: 'Backups, point-in-time recovery and upgrades', routes: recoveryApiRoutes },
  { title: 'Git connections and preview branches', routes: branchingApiRoutes },
  { title: 'Resources: disk, usage and warnings', routes: resourceApiRoutes },
  { title: 'Database: metadata, SQL and extensions', routes: databaseApiRoutes },
  { title: 'Saved SQL, reports and folders', routes: contentApiRoutes },
  { title: 'Storage buckets and edge functions', routes: serviceApiRoutes },
  { title: 'Storage objects (the storage browser)', routes: storageObjectApiRoutes },
  { title: 'AI assistant', routes: assistantApiRoutes },
  { title: 'Project auth', routes: projectAuthApiRoutes },
] as const

type KeyOfDefinition<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type ParamSchemaNames<R> = R extends { paramSchemas: infer S } ? keyof S : never
type InconsistentRoutes = {
  [K in ApiRouteKey]: K extends KeyOfDefinition<ApiRoutes[K]>
    ? Same<ApiRoutes[K]['params'][number], PathParamNames<ApiRoutes[K]['path']>> extends true
      ? [ParamSchemaNames<ApiRoutes[K]>] extends [PathParamNames<ApiRoutes[K]['path']>]
        ? never
        : K
      : K
    : K
}[ApiRouteKey]
type AssertNever<T extends never> = T
/**
 * Does not compile, naming the route, when a key is not `${method} ${path}`, `params` does not list exactly the
 * path's `{name}` parameters, or `paramSchemas` shapes a parameter the path does not have.
 */
export type RouteTableIsConsistent = AssertNever<InconsistentRoutes>

/** Routes answered with JSON (the others stream a file). */
export type JsonRouteKey = {
  [K in ApiRouteKey]: ApiRoutes[K] extends { answer: 'file' | 'protocol' } ? never : K
}[ApiRouteKey]

export type RouteParams<K extends ApiRouteKey> = { [N in PathParamNames<ApiRoutes[K]['path']>]: string | number }
export type RouteQuery<K extends ApiRouteKey> = ApiRoutes[K] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : never
/** What the caller sends: the schema's input (defaults may be left out). */
export type RouteBody<K extends ApiRouteKey> = ApiRoutes[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never
/** What the server answers, typed only: the dashboard does not validate answers at run time. */
export type RouteResponse<K extends ApiRouteKey> = z.infer<ApiRoutes[K]['response']>

type ParamsOption<K extends ApiRouteKey> = [PathParamNames<ApiRoutes[K]['path']>] extends [never]
  ? { params?: never }
  : { params: RouteParams<K> }
type QueryOption<K extends ApiRouteKey> = [RouteQuery<K>] extends [never]
  ? { query?: never }
  : object extends RouteQuery<K>
    ? { query?: RouteQuery<K> }
    : { query: RouteQuery<K> }
type BodyOption<K extends ApiRouteKey> = [RouteBody<K>] extends [never]
  ? { body?: never }
  : object extends RouteBody<K>
    ? { body?: RouteBody<K> }
    : { body: RouteBody<K> }

/** Where a route's request goes: its path parameters and query. */
export type RouteLocation<K extends ApiRouteKey> = ParamsOption<K> & QueryOption<K>
/** The parts of a request the route table types: path parameters, query and body. */
export type RouteInput<K extends ApiRouteKey> = RouteLocation<K> & BodyOption<K>

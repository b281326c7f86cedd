import {
  type ApiRouteKey,
  type ApiRoutes,
  apiRoutes,
  type JsonRouteKey,
  type PathParamNames,
  type RouteDefinition,
  type RouteResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { parseInput } from '../errors'

type ServerBody<K extends ApiRouteKey> = ApiRoutes[K] extends { body: infer B extends z.ZodType } ? z.infer<B> : never
type ServerQuery<K extends ApiRouteKey> = ApiRoutes[K] extends { query: infer Q extends z.ZodType } ? z.infer<Q> : never

/** Routes whose answer is not JSON: a streamed file, or another protocol's status and headers. */
export type FileRouteKey = Exclude<ApiRouteKey, JsonRouteKey>

/** One request to a route of the table, typed by it. */
export interface RouteCall<K extends ApiRouteKey> {
  request: FastifyRequest
  reply: FastifyReply
  /** The path's parameters, as sent (check a parameter's shape where it matters, e.g. a project ref). */
  params: Record<PathParamNames<ApiRoutes[K]['path']>, string>
  /**
   * The body checked with the route's schema (400 with the first problem otherwise). Read on first use, so the
   * handler's own checks that come before it (signed in, allowed) answer first, as they would by hand.
   */
  readonly body: ServerBody<K>
  /** The query checked with the route's schema, read on first use like the body. */
  readonly query: ServerQuery<K>
}

/**
 * Fastify's reply is thenable with no value, so `return reply.send(x)` makes an async handler's answer `never`,
 * which passes any check: such a handler is refused. A handler sets the status on `reply` and returns the answer.
 */
type AnswerNotReply<H extends (...args: never[]) => Promise<unknown>> = [Awaited<ReturnType<H>>] extends [never]
  ? 'return the answer itself, not reply.send(...)'
  : unknown

declare const preSerialized: unique symbol
/** An answer sent as JSON text that was built elsewhere (see sendPreSerialized). */
export type PreSerializedAnswer = { readonly [preSerialized]: true }

/**
 * Sends JSON text built by Postgres as it is, instead of parsing and serializing it again (catalog lists can be
 * megabytes). Its shape is the SQL's, which the metadata tests check against the route's schema.
 */
export function sendPreSerialized(reply: FastifyReply, json: string): PreSerializedAnswer {
  return reply.type('application/json; charset=utf-8').send(json) as unknown as PreSerializedAnswer
}

/** What a route may set beside its handler: a body limit of its own (the default is the server's). */
export interface RouteOptions {
  bodyLimit?: number
}

/** `{name}` in the table is `:name` to Fastify. */
const fastifyPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1')

function routeCall<K extends ApiRouteKey>(key: K, request: FastifyRequest, reply: FastifyReply): RouteCall<K> {
  const route = apiRoutes[key] as RouteDefinition
  let body: { value: unknown } | null = null
  let query: { value: unknown } | null = null
  return {
    request,
    reply,
    params: (request.params ?? {}) as RouteCall<K>['params'],
    get body() {
      body ??= { value: route.body ? parseInput(route.body, request.body) : undefined }
      return body.value as ServerBody<K>
    },
    get query() {
      query ??= { value: route.query ? parseInput(route.query, request.query) : undefined }
      return query.value as ServerQuery<K>
    },
  }
}

/**
 * Registers the handler of a JSON route at the method and path the route table gives it. The handler's answer must
 * have the route's response type, so the server and the dashboard cannot drift apart without `tsc` saying so.
 */
export function serve<
  K extends JsonRouteKey,
  H extends (call: RouteCall<K>) => Promise<RouteResponse<K> | PreSerializedAnswer>,
>(app: FastifyInstance, key: K, handler: H & AnswerNotReply<H>, options: RouteOptions = {}): void {
  register(app, key, handler, options)
}

/** Registers the handler of a route that answers other than in JSON (it sends through `reply` itself). */
export function serveFile<K extends FileRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: (call: RouteCall<K>) => Promise<unknown>,
  options: RouteOptions = {},
): void {
  register(app, key, handler, options)
}

function register<K extends ApiRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: (call: RouteCall<K>) => Promise<unknown>,
  options: RouteOptions,
): void {
  const route = apiRoutes[key]
  app.route({
    ...options,
    method: route.method,
    url: fastifyPath(route.path),
    handler: (request, reply) => handler(routeCall(key, request, reply)),
  })
}

import {
  type ApiRouteKey,
  type ApiRoutes,
  apiRoutes,
  type JsonRouteKey,
  type PathParamNames,
  pathParamSchema,
  type RouteDefinition,
  type RouteResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { parseInput } from '../errors'

type ParamSchemas<K extends ApiRouteKey> = ApiRoutes[K] extends { paramSchemas: infer S } ? S : object
/** A path parameter as checked: the output of the route's schema for it, else text (a `{ref}` is a project ref). */
type ServerParam<K extends ApiRouteKey, N> = N extends keyof ParamSchemas<K>
  ? ParamSchemas<K>[N] extends z.ZodType
    ? z.infer<ParamSchemas<K>[N]>
    : string
  : string
type ServerParams<K extends ApiRouteKey> = {
  readonly [N in PathParamNames<ApiRoutes[K]['path']>]: ServerParam<K, N>
}
type ServerBody<K extends ApiRouteKey> = ApiRoutes[K] extends { body: infer B extends z.ZodType } ? z.infer<B> : never
type ServerQuery<K extends ApiRouteKey> = ApiRoutes[K] extends { query: infer Q extends z.ZodType } ? z.infer<Q> : never

/** Routes whose answer is not JSON: a streamed file, or another protocol's status and headers. */
export type FileRouteKey = Exclude<ApiRouteKey, JsonRouteKey>

/** One request to a route of the table, typed by it. */
export interface RouteCall<K extends ApiRouteKey> {
  request: FastifyRequest
  reply: FastifyReply
  /**
   * The path's parameters, each checked with the table's schema for it (a `{ref}` is a project ref; 400 with the
   * problem otherwise). Each is checked on first use, like the body, so checks that come before it answer first;
   * reading one checks those before it in the path first, so a bad ref answers before a bad id.
   */
  readonly params: ServerParams<K>
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

/** What a route may set beside its handler: a body limit of its own (the default is the server's), no HEAD. */
export interface RouteOptions {
  bodyLimit?: number
  /** false: a GET gets no HEAD route of its own (e.g. when answering would spend a single-use link) */
  exposeHeadRoute?: boolean
}

/** The parts of a call a helper shared by several routes needs: the request and the parameters it reads. */
export interface CallWithParams<P> {
  request: FastifyRequest
  reply: FastifyReply
  readonly params: Readonly<P>
}

/** `{name}` in the table is `:name` to Fastify. */
const fastifyPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1')

/** Reads a value and checks it with the schema on first use (400 with the first problem), then answers the same. */
function checkedOnFirstUse(schema: z.ZodType | undefined, read: () => unknown): () => unknown {
  let checked: { value: unknown } | null = null
  return () => {
    // the one validation of a route's input: its path parameters, body and query as the table defines them
    checked ??= { value: schema ? parseInput(schema, read()) : undefined }
    return checked.value
  }
}

/** A route's path parameter checks, one schema per name (each an object of that one name, so errors name it). */
function paramChecks(route: RouteDefinition): Array<[string, z.ZodType]> {
  return route.params.map((name) => [name, z.object({ [name]: pathParamSchema(route, name) })])
}

function routeCall<K extends ApiRouteKey>(
  route: RouteDefinition,
  checks: Array<[string, z.ZodType]>,
  request: FastifyRequest,
  reply: FastifyReply,
): RouteCall<K> {
  const sent = (request.params ?? {}) as Record<string, unknown>
  const params = {}
  const earlier: Array<() => unknown> = []
  for (const [name, schema] of checks) {
    const before = [...earlier]
    const param = checkedOnFirstUse(schema, () => ({ [name]: sent[name] }))
    earlier.push(param)
    const read = () => {
      for (const check of before) check()
      return (param() as Record<string, unknown>)[name]
    }
    Object.defineProperty(params, name, { enumerable: true, get: read })
  }
  const body = checkedOnFirstUse(route.body, () => request.body)
  const query = checkedOnFirstUse(route.query, () => request.query)
  return {
    request,
    reply,
    params: params as ServerParams<K>,
    get body() {
      return body() as ServerBody<K>
    },
    get query() {
      return query() as ServerQuery<K>
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

/**
 * Registers a HEAD at the path of a route of the table, its parameters checked with that route's schemas. The
 * table has no HEAD routes (they have no body); a protocol that answers one (TUS) uses this.
 */
export function serveHead<K extends FileRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: (call: RouteCall<K>) => Promise<unknown>,
): void {
  register(app, key, handler, {}, 'HEAD')
}

function register<K extends ApiRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: (call: RouteCall<K>) => Promise<unknown>,
  options: RouteOptions,
  method?: 'HEAD',
): void {
  const route: RouteDefinition = apiRoutes[key]
  const checks = paramChecks(route)
  app.route({
    ...options,
    method: method ?? route.method,
    url: fastifyPath(route.path),
    handler: (request, reply) => handler(routeCall<K>(route, checks, request, reply)),
  })
}

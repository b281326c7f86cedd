import { z } from 'zod'
import { OrganizationSlugParam, ProjectRef } from '../common'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One HTTP route of the platform API as both sides see it. `path` uses `{name}` for its parameters, `params`
 * lists those names in order, and `paramSchemas` the shape of those that have one beyond the shared ones
 * (SHARED_PARAM_SCHEMAS: `{ref}` is a project's ref, `{slug}` an organization's). Schemas are the ones the server validates with (path
 * parameters, body, query) or answers in (response); `answer: 'file'` marks a streamed download, and
 * `answer: 'protocol'` an answer in another protocol's status and headers (TUS uploads): neither `response` is JSON.
 */
export type RouteDefinition = {
  method: HttpMethod
  path: `/${string}`
  params: readonly string[]
  paramSchemas?: Readonly<Record<string, z.ZodType>>
  query?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
  answer?: 'json' | 'file' | 'protocol'
  description: string
}

/** The `{name}` parameters of a path template, as a union of names (never when it has none). */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

/**
 * Path parameters that mean the same on every route that has them: `{ref}` is a project's ref, `{slug}` an
 * organization's slug.
 */
export const SHARED_PARAM_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ref: ProjectRef,
  slug: OrganizationSlugParam,
}

/**
 * The schema the server checks a route's path parameter with: the route's own (`paramSchemas`), else the shared
 * one of its name, else any text.
 */
export function pathParamSchema(route: RouteDefinition, name: string): z.ZodType {
  return route.paramSchemas?.[name] ?? SHARED_PARAM_SCHEMAS[name] ?? z.string()
}

/** The answers that carry nothing: `{}`. */
export const EmptyResponse = z.object({})
export type EmptyResponse = z.infer<typeof EmptyResponse>

/** The answers that only confirm in words: `{message}`. */
export const MessageResponse = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof MessageResponse>

/** A multipart form (function deploys): the browser sets its boundary. */
export const MultipartForm = z.instanceof(FormData)

/** A file sent as the request's body (a CSV import): streamed by the browser, read by the server as it arrives. */
export const FileUpload = z.unknown()

/** A streamed file (backups, archives, exports): read as bytes, never parsed. */
export const FileDownload = z.unknown()

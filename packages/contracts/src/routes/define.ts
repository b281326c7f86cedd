import { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One HTTP route of the platform API as both sides see it. `path` uses `{name}` for its parameters, `params`
 * lists those names in order. Schemas are the ones the server validates with (body, query) or answers in
 * (response); `answer: 'file'` marks a streamed download, and `answer: 'protocol'` an answer in another
 * protocol's status and headers (TUS uploads): neither `response` is JSON.
 */
export type RouteDefinition = {
  method: HttpMethod
  path: `/${string}`
  params: readonly string[]
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

import { z } from 'zod'

/**
 * Edge functions: the management API's shapes and limits, shared
 * by the platform (which enforces them) and the dashboard (which quotes them).
 */

/** A deploy from the dashboard uses this entrypoint and JWT verification on. */
export const DEFAULT_EDGE_FUNCTION_ENTRYPOINT = 'index.ts'
export const DEFAULT_EDGE_FUNCTION_VERIFY_JWT = true

/** The deploy toasts. */
export const EDGE_FUNCTION_UNKNOWN_ERROR = 'Unknown error'
export const DEPLOY_FUNCTION_ERROR = (message: string | undefined) =>
  `Failed to deploy function: ${message || EDGE_FUNCTION_UNKNOWN_ERROR}`
export const DEPLOY_EDGE_FUNCTION_ERROR = (message: string) => `Failed to deploy edge function: ${message}`

export const EDGE_FUNCTION_SLUG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/
export const EDGE_FUNCTION_SLUG_RULE =
  'A function slug starts with a letter and has at most 63 letters, digits, dashes or underscores'
/** Limits of one deployed version. */
export const EDGE_FUNCTION_MAX_FILES = 200
export const EDGE_FUNCTION_MAX_TOTAL_BYTES = 10 * 1024 * 1024
export const EDGE_FUNCTION_MAX_FILE_NAME_LENGTH = 255
export const EDGE_FUNCTION_MAX_NAME_LENGTH = 128

export const EdgeFunctionSlug = z
  .string({ error: 'slug is required' })
  .min(1, 'slug is required')
  .regex(EDGE_FUNCTION_SLUG_PATTERN, EDGE_FUNCTION_SLUG_RULE)

/** `POST /v1/projects/{ref}/functions/deploy?slug=`: the function the deploy creates or replaces. */
export const EdgeFunctionDeployQuery = z.object({ slug: EdgeFunctionSlug })

/** The `metadata` part of a deploy (multipart): what the hosted product's CLI and dashboard send. */
export const EdgeFunctionDeployMetadata = z.object({
  entrypoint_path: z
    .string({ error: 'metadata.entrypoint_path is required' })
    .min(1, 'metadata.entrypoint_path is required')
    .default(DEFAULT_EDGE_FUNCTION_ENTRYPOINT),
  name: z
    .string()
    .trim()
    .min(1, 'metadata.name must not be empty')
    .max(EDGE_FUNCTION_MAX_NAME_LENGTH, `metadata.name must be at most ${EDGE_FUNCTION_MAX_NAME_LENGTH} characters`)
    .optional(),
  verify_jwt: z
    .boolean({ error: 'metadata.verify_jwt must be true or false' })
    .default(DEFAULT_EDGE_FUNCTION_VERIFY_JWT),
})
export type EdgeFunctionDeployMetadata = z.infer<typeof EdgeFunctionDeployMetadata>

export const EDGE_FUNCTION_STATUSES = ['ACTIVE', 'REMOVED', 'THROTTLED'] as const

/** A function as the management API answers it (the hosted product's shape; times in epoch milliseconds). */
export const EdgeFunction = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  version: z.number().int(),
  status: z.enum(EDGE_FUNCTION_STATUSES),
  created_at: z.number(),
  updated_at: z.number(),
  verify_jwt: z.boolean(),
  import_map: z.boolean(),
  entrypoint_path: z.string(),
})
export type EdgeFunction = z.infer<typeof EdgeFunction>

/** GET /v1/projects/{ref}/functions/{slug}/body: the live version's files, as JSON. */
export const EdgeFunctionBody = z.object({
  slug: z.string(),
  version: z.number().int(),
  entrypoint_path: z.string(),
  verify_jwt: z.boolean(),
  /** text files as UTF-8; anything else (e.g. WebAssembly) base64-encoded */
  files: z.array(z.object({ name: z.string(), content: z.string(), encoding: z.enum(['utf-8', 'base64']) })),
})
export type EdgeFunctionBody = z.infer<typeof EdgeFunctionBody>

/** Permission texts: deploy and delete need functions:write. */
export const EDGE_FUNCTIONS_WRITE_DENIED = 'You need additional permissions to deploy or delete edge functions'
export const EDGE_FUNCTIONS_READ_DENIED = 'You need additional permissions to view edge functions'

/**
 * `GET|PUT /platform/projects/{ref}/edge-functions/network`: what the project's functions may reach beyond the
 * internet. By default loopback, private and link-local addresses are denied; each entry opens an IPv4 address, an
 * IPv4 range (CIDR, /8 or narrower) or a host name (e.g. a name of this machine in /etc/hosts).
 */
export const FUNCTIONS_NETWORK_MAX_ENTRIES = 50
export const FUNCTIONS_NETWORK_ENTRY_RULE =
  'Each entry is an IPv4 address (10.0.0.5), an IPv4 range of /8 or narrower (10.0.0.0/24) or a host name'
const IPV4 = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}'
export const FUNCTIONS_NETWORK_ENTRY_PATTERN = new RegExp(
  `^(${IPV4}(/([8-9]|[12]\\d|3[0-2]))?|(?=.{1,253}$)(?=[a-z0-9.-]*[a-z])[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)$`,
)
export const FunctionsNetworkAccess = z.object({
  allow: z
    .array(z.string().trim().toLowerCase().regex(FUNCTIONS_NETWORK_ENTRY_PATTERN, FUNCTIONS_NETWORK_ENTRY_RULE))
    .max(FUNCTIONS_NETWORK_MAX_ENTRIES, `At most ${FUNCTIONS_NETWORK_MAX_ENTRIES} entries`),
})
export type FunctionsNetworkAccess = z.infer<typeof FunctionsNetworkAccess>

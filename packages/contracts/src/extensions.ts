import { z } from 'zod'

/**
 * Postgres extensions of a project, as the extensions page lists, enables and disables them
 * (`/platform/projects/{ref}/extensions`).
 *
 * - `trusted`: the extension's control file marks it trusted; it is created as the tenant's `postgres` role,
 *   exactly as if the tenant had run CREATE EXTENSION, and belongs to them.
 * - `platform`: not trusted, but on the platform's allow-list; the platform installs it with its own superuser
 *   into the platform-owned schema below and grants the tenant what it needs.
 * - `unavailable`: anything else (untrusted languages, server file access, raw storage); `reason` says why.
 */
export const EXTENSION_AVAILABILITIES = ['trusted', 'platform', 'unavailable'] as const
export type ExtensionAvailability = (typeof EXTENSION_AVAILABILITIES)[number]

/**
 * Where allow-listed extensions are installed: a schema owned by the platform's superuser in which nobody else
 * may create objects. An extension script runs as superuser; in a schema the tenant can write to, objects the
 * tenant planted beforehand could be called by that script with superuser rights.
 */
export const PLATFORM_EXTENSIONS_SCHEMA = 'pgfleet_extensions'
/** Where a trusted extension goes when the request names no schema (what CREATE EXTENSION does by default). */
export const DEFAULT_TRUSTED_EXTENSION_SCHEMA = 'public'

/** Names as the server's control files spell them: letters, digits, `_` and `-` (uuid-ossp). */
export const EXTENSION_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,62}$/
export const EXTENSION_NAME_RULE = 'Extension names are 1 to 63 letters, digits, underscores or dashes'
/** Any identifier Postgres accepts (it is quoted), but no control characters. */
export const SCHEMA_NAME_PATTERN = /^\P{Cc}{1,63}$/u
export const SCHEMA_NAME_RULE = 'Schema names are 1 to 63 characters without control characters'

export const EXTENSION_UNAVAILABLE_MESSAGE = (name: string, reason: string) =>
  `Extension "${name}" is not available on pgfleet: ${reason}`
export const EXTENSION_NOT_FOUND_MESSAGE = (name: string) =>
  `Extension "${name}" is not installed on this project's Postgres server`
export const EXTENSION_SCHEMA_FIXED_MESSAGE = (name: string) =>
  `Extension "${name}" is installed by the platform in schema ${PLATFORM_EXTENSIONS_SCHEMA} only`
export const EXTENSION_SCHEMA_MISSING_MESSAGE = (schema: string) => `Schema "${schema}" does not exist; create it first`
export const EXTENSION_SCHEMA_TAKEN_MESSAGE = `Schema ${PLATFORM_EXTENSIONS_SCHEMA} exists but does not belong to the platform; rename or drop it so the platform can install extensions there`
export const EXTENSION_NEEDS_RESTART_MESSAGE = (name: string) =>
  `Extension "${name}" needs a library loaded at server start; restart the project, then enable it again`
export const EXTENSION_HAS_DEPENDENTS_MESSAGE = (name: string) =>
  `Extension "${name}" cannot be disabled while other objects depend on it; drop them first`
export const EXTENSIONS_WRITE_DENIED = 'You need additional permissions to enable or disable extensions'
export const EXTENSIONS_READ_DENIED = 'You need additional permissions to read the database extensions'

export const ExtensionName = z
  .string({ error: 'Extension name is required' })
  .regex(EXTENSION_NAME_PATTERN, EXTENSION_NAME_RULE)

export const ExtensionSchemaName = z.string().regex(SCHEMA_NAME_PATTERN, SCHEMA_NAME_RULE)

export const DatabaseExtension = z.object({
  name: z.string(),
  default_version: z.string().nullable(),
  /** null while the extension is not created in the database */
  installed_version: z.string().nullable(),
  /** the schema it lives in when installed */
  schema: z.string().nullable(),
  comment: z.string().nullable(),
  availability: z.enum(EXTENSION_AVAILABILITIES),
  /** why a platform extension is offered (what it is for), or why an unavailable one is not */
  reason: z.string().nullable(),
})
export type DatabaseExtension = z.infer<typeof DatabaseExtension>

export const EnableExtensionBody = z.strictObject({
  name: ExtensionName,
  /** trusted: any schema the tenant may create in (default public); platform: PLATFORM_EXTENSIONS_SCHEMA only */
  schema: ExtensionSchemaName.optional(),
})
export type EnableExtensionBody = z.infer<typeof EnableExtensionBody>

export const ExtensionParams = z.object({ name: ExtensionName })

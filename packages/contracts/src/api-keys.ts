import { z } from 'zod'
import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_NAME_MIN_LENGTH,
  API_KEY_NAME_RULES,
  API_KEY_TYPES,
  LEGACY_API_KEY_NAMES,
  NEW_API_KEY_TYPES,
} from './api-keys.constants'

/**
 * The project API keys of the Management API (`/v1/projects/{ref}/api-keys`): the legacy anon and service_role JWTs,
 * and the publishable (`sb_publishable_…`) and secret (`sb_secret_…`) keys, in the hosted product's shape.
 */

function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

const QueryBoolean = z.enum(['true', 'false'], { error: 'Expected true or false' }).transform((v) => v === 'true')

export const ApiKeyName = z
  .string({ error: 'Name is required' })
  .min(API_KEY_NAME_MIN_LENGTH, API_KEY_NAME_RULES.tooShort)
  .max(API_KEY_NAME_MAX_LENGTH, API_KEY_NAME_RULES.tooLong)
  .regex(/^[a-z0-9_]+$/, API_KEY_NAME_RULES.characters)
  .refine((name) => !/^[0-9]/.test(name), API_KEY_NAME_RULES.leadingDigit)
  .refine((name) => !(LEGACY_API_KEY_NAMES as readonly string[]).includes(name), API_KEY_NAME_RULES.reserved)

export const ApiKeyDescription = z
  .string()
  .trim()
  .max(API_KEY_DESCRIPTION_MAX_LENGTH, API_KEY_NAME_RULES.descriptionTooLong)
  .refine((text) => !hasControlCharacter(text), API_KEY_NAME_RULES.descriptionCharacters)

/** What role a secret key acts as: service_role, the only one the platform grants to keys. */
export const SecretJwtTemplate = z.object({ role: z.literal('service_role', { error: 'role must be service_role' }) })

/**
 * One key. `api_key` is the value, or a masked one (its prefix and dots) for a secret key unless revealed, or null
 * for a member who may not see it. `id` is a UUID, or 'anon'/'service_role' for the legacy keys.
 */
export const ApiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  api_key: z.string().nullable(),
  type: z.enum(API_KEY_TYPES),
  prefix: z.string().nullable(),
  description: z.string().nullable(),
  /** SHA-256 of the key (base64url); null for the legacy keys */
  hash: z.string().nullable(),
  secret_jwt_template: z.object({ role: z.string() }).nullable(),
  inserted_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type ApiKeyResponse = z.infer<typeof ApiKeyResponse>

/** `?reveal=true` answers secret keys' values (for members who may read them). */
export const ApiKeyRevealQuery = z.object({ reveal: QueryBoolean.optional() })
export type ApiKeyRevealQuery = z.infer<typeof ApiKeyRevealQuery>

export const CreateApiKeyBody = z.object({
  type: z.enum(NEW_API_KEY_TYPES, { error: 'type must be publishable or secret' }),
  name: ApiKeyName,
  description: ApiKeyDescription.nullish(),
  secret_jwt_template: SecretJwtTemplate.nullish(),
})
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>

export const UpdateApiKeyBody = z.object({
  name: ApiKeyName.optional(),
  description: ApiKeyDescription.nullish(),
})
export type UpdateApiKeyBody = z.infer<typeof UpdateApiKeyBody>

/** The `{id}` of a key: a UUID, or the name of a legacy key. */
export const ApiKeyIdParam = z.union([z.uuid(), z.enum(LEGACY_API_KEY_NAMES)], {
  error: 'The id must be a UUID, anon or service_role',
})

export const LegacyApiKeysResponse = z.object({ enabled: z.boolean() })
export type LegacyApiKeysResponse = z.infer<typeof LegacyApiKeysResponse>

export const LegacyApiKeysQuery = z.object({ enabled: QueryBoolean })
export type LegacyApiKeysQuery = z.infer<typeof LegacyApiKeysQuery>

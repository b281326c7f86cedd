// The plain values of api-keys.ts, apart from its zod schemas, so the dashboard can import them without zod.

/** What a project's API keys are: the two JWTs made from its secret, and the opaque keys of the new kind. */
export const API_KEY_TYPES = ['legacy', 'publishable', 'secret'] as const
export type ApiKeyType = (typeof API_KEY_TYPES)[number]
/** The kinds a member may create. */
export const NEW_API_KEY_TYPES = ['publishable', 'secret'] as const
export type NewApiKeyType = (typeof NEW_API_KEY_TYPES)[number]

/** A publishable key acts as anon and may be shipped in apps; a secret key acts as service_role on servers only. */
export const PUBLISHABLE_KEY_PREFIX = 'sb_publishable_'
export const SECRET_KEY_PREFIX = 'sb_secret_'
/** What every key of the new kind starts with. */
export const NEW_API_KEY_PREFIX = 'sb_'

/** The keys every project starts with: one publishable and one secret key, both named so. */
export const DEFAULT_API_KEY_NAME = 'default'
export const API_KEY_NAME_MIN_LENGTH = 4
export const API_KEY_NAME_MAX_LENGTH = 64
export const API_KEY_DESCRIPTION_MAX_LENGTH = 256
/** Publishable and secret keys together; a bound on what each request's lookup table may hold. */
export const MAX_API_KEYS_PER_PROJECT = 50

/** The names the two legacy keys have; a new key may not take them. */
export const LEGACY_API_KEY_NAMES = ['anon', 'service_role'] as const

export const API_KEY_NAME_RULES = {
  tooShort: `Name must be at least ${API_KEY_NAME_MIN_LENGTH} characters`,
  tooLong: `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  characters: 'Name can only contain lowercase letters, digits and underscores',
  leadingDigit: 'Name must not start with a digit',
  reserved: 'The names "anon" and "service_role" belong to the legacy API keys',
  descriptionTooLong: `Description must be at most ${API_KEY_DESCRIPTION_MAX_LENGTH} characters`,
  descriptionCharacters: 'Description cannot contain control characters',
} as const

/** Server answers about keys that the dashboard shows as they are. */
export const API_KEYS_MANAGE_DENIED = 'You need additional permissions to create or revoke API keys'
export const LEGACY_API_KEYS_UPDATE_DENIED = 'You need additional permissions to enable or disable the legacy API keys'
export const API_KEY_NOT_FOUND = 'API key not found'
export const LEGACY_API_KEY_IMMUTABLE =
  'Legacy API keys are made from the JWT secret and cannot be changed or deleted; disable them instead'
export const API_KEY_LIMIT_REACHED = `A project has at most ${MAX_API_KEYS_PER_PROJECT} publishable and secret keys; delete one first`
export const API_KEY_NAME_TAKEN = 'An API key of this type already has this name'

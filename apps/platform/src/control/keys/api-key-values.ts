import { createHash, randomBytes } from 'node:crypto'
import { type NewApiKeyType, PUBLISHABLE_KEY_PREFIX, SECRET_KEY_PREFIX } from '@pgfleet/contracts'

/** 24 random bytes: 32 base64url characters after the type's prefix. */
const KEY_RANDOM_BYTES = 24
/** How many characters after the type's prefix a masked key still shows (hosted: `sb_secret_Abcde`). */
const SHOWN_CHARACTERS = 5
const MASK = '••••••••••••••••'

export const keyPrefixOf = (type: NewApiKeyType) => (type === 'secret' ? SECRET_KEY_PREFIX : PUBLISHABLE_KEY_PREFIX)

/** A new key's value: its type's prefix and random characters (`sb_secret_…`). */
export function generateApiKey(type: NewApiKeyType): string {
  return `${keyPrefixOf(type)}${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`
}

/** How a key is found: the SHA-256 of its value, base64url. Keys are random, so no salt or slow hash is needed. */
export function hashApiKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

/** The first characters of a key, enough for a person to tell keys apart. */
export function shownPrefixOf(value: string, type: NewApiKeyType): string {
  return value.slice(0, keyPrefixOf(type).length + SHOWN_CHARACTERS)
}

/** A secret key as shown without revealing it: its prefix, then dots (the same number whatever the key). */
export const maskedApiKey = (prefix: string) => `${prefix}${MASK}`

import type { ProjectAuthConfig } from '@pgfleet/contracts'
import { AuthError, badRequest, validationFailed } from './errors'

/** Pure checks of what clients send: addresses, phone numbers and passwords, with GoTrue's codes. */

const MAX_EMAIL_LENGTH = 255
const MAX_PASSWORD_LENGTH = 1024
// one @, something on each side, a dot in the domain, no spaces or control characters
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u
const PHONE_PATTERN = /^[1-9]\d{6,14}$/

export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string') throw validationFailed('An email address is required')
  const email = value.trim().toLowerCase()
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new AuthError(400, 'email_address_invalid', `Email address "${email.slice(0, 64)}" is invalid`)
  }
  return email
}

/** E.164 digits without the plus sign, as GoTrue stores them. */
export function normalizePhone(value: unknown): string {
  if (typeof value !== 'string') throw validationFailed('A phone number is required')
  const phone = value.replace(/[\s()+-]/g, '')
  if (!PHONE_PATTERN.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)')
  return phone
}

/** The project's password rules; a failure names every rule the password misses (auth-js shows the reasons). */
export function checkNewPassword(password: unknown, config: ProjectAuthConfig): string {
  if (typeof password !== 'string' || password === '') throw validationFailed('Password is required')
  if (password.length > MAX_PASSWORD_LENGTH || password.includes('\0')) {
    throw validationFailed(`Password must be at most ${MAX_PASSWORD_LENGTH} characters and contain no NUL`)
  }
  const reasons: string[] = []
  if ([...password].length < config.password_min_length) reasons.push('length')
  const groups = config.password_required_characters.split(':').filter(Boolean)
  if (groups.some((group) => ![...password].some((ch) => group.includes(ch)))) reasons.push('characters')
  if (reasons.length > 0) {
    const parts = [
      reasons.includes('length') ? `Password should be at least ${config.password_min_length} characters.` : '',
      reasons.includes('characters')
        ? `Password should contain at least one character of each: ${groups.map((group) => `"${group}"`).join(', ')}.`
        : '',
    ]
    throw new AuthError(422, 'weak_password', parts.filter(Boolean).join(' '), { weak_password: { reasons } })
  }
  return password
}

/** Any password typed at sign-in: only its size is checked (the rules apply when one is chosen). */
export function checkTypedPassword(password: unknown): string {
  if (typeof password !== 'string' || password === '') throw validationFailed('Password is required')
  if (password.length > MAX_PASSWORD_LENGTH || password.includes('\0')) {
    throw badRequest('invalid_credentials', 'Invalid login credentials')
  }
  return password
}

/** User metadata: a JSON object, small enough to ride in every token. */
export function checkMetadata(value: unknown, field = 'data'): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${field} must be a JSON object`)
  if (JSON.stringify(value).length > 16_384) throw validationFailed(`${field} must be at most 16 KiB of JSON`)
  if (JSON.stringify(value).includes('\\u0000')) throw validationFailed(`${field} must not contain NUL`)
  return value as Record<string, unknown>
}

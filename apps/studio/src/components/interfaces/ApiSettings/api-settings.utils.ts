import { type AppConfig, JWT_SECRET_MIN_LENGTH, type JwtSecretUpdateStatus } from '@pgfleet/contracts'
import { CUSTOM_SECRET_TOO_SHORT } from './api-settings.constants'

/** The project URL: `{protocol}://{endpoint}`. */
export function projectUrlOf(appConfig: Pick<AppConfig, 'protocol' | 'endpoint'>): string {
  return `${appConfig.protocol}://${appConfig.endpoint}`
}

/** A legacy key's value (anon, service_role) from the key list, if the member may see it. */
export function apiKeyOf(
  keys: readonly { name: string; type?: string; api_key: string | null }[] | undefined,
  name: 'anon' | 'service_role',
): string | undefined {
  return keys?.find((key) => key.name === name && (key.type ?? 'legacy') === 'legacy')?.api_key ?? undefined
}

/** The error of a custom JWT secret, or undefined when it is empty (generated) or long enough. */
export function validateCustomSecret(value: string): string | undefined {
  if (value === '') return undefined
  return value.length < JWT_SECRET_MIN_LENGTH ? CUSTOM_SECRET_TOO_SHORT : undefined
}

/** Whether a status change means the update just finished and the keys must be read again. */
export function jwtUpdateJustFinished(
  previous: JwtSecretUpdateStatus | null | undefined,
  current: JwtSecretUpdateStatus | null | undefined,
): boolean {
  return previous === 'Updating' && (current === 'Updated' || current === 'Failed')
}

/**
 * Whether the update this page started (`awaitedId`) has ended, even if it ended before a poll saw it
 * Updating.
 */
export function awaitedUpdateFinished(
  awaitedId: string | undefined,
  current: { status: JwtSecretUpdateStatus | null; change_tracking_id: string | null } | undefined,
): boolean {
  if (!awaitedId || !current) return false
  return current.change_tracking_id === awaitedId && (current.status === 'Updated' || current.status === 'Failed')
}

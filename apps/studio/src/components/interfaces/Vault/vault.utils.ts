import type { PgExtension } from '@pgfleet/contracts'
import { PGCRYPTO_EXTENSION, VAULT_EXTENSION } from './vault.constants'

export type ExtensionAvailability =
  | { status: 'installed'; version: string }
  | { status: 'available'; defaultVersion: string | null }
  | { status: 'unavailable' }

/**
 * Whether the project's server can give this extension: the list holds every extension whose files the server
 * has (pg_available_extensions), with the installed version of those created in the database.
 */
export function extensionAvailability(extensions: readonly PgExtension[], name: string): ExtensionAvailability {
  const extension = extensions.find((candidate) => candidate.name === name)
  if (!extension) return { status: 'unavailable' }
  if (extension.installed_version) return { status: 'installed', version: extension.installed_version }
  return { status: 'available', defaultVersion: extension.default_version }
}

export type VaultState = {
  vault: ExtensionAvailability
  /** the fallback offered when Vault itself is not available */
  pgcrypto: ExtensionAvailability
}

export function vaultState(extensions: readonly PgExtension[]): VaultState {
  return {
    vault: extensionAvailability(extensions, VAULT_EXTENSION),
    pgcrypto: extensionAvailability(extensions, PGCRYPTO_EXTENSION),
  }
}

import type { DatabaseExtension } from '@pgfleet/contracts'

/** Case-insensitive match on the name and the description; an empty search keeps everything. */
export function filterExtensions(extensions: readonly DatabaseExtension[], search: string): DatabaseExtension[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...extensions]
  return extensions.filter(
    (extension) =>
      extension.name.toLowerCase().includes(needle) || (extension.comment ?? '').toLowerCase().includes(needle),
  )
}

/** Enabled first, then what can be enabled, then what cannot; by name within each group. */
export function sortExtensions(extensions: readonly DatabaseExtension[]): DatabaseExtension[] {
  const rank = (extension: DatabaseExtension) =>
    extension.installed_version !== null ? 0 : extension.availability === 'unavailable' ? 2 : 1
  return [...extensions].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
}

export const isEnabled = (extension: DatabaseExtension): boolean => extension.installed_version !== null

/** Built into every database (plpgsql): the platform owns it and the functions of the tenant need it. */
const SYSTEM_SCHEMA = 'pg_catalog'

/** Only members who may change the database get a toggle, and only for extensions the platform offers. */
export function canToggle(extension: DatabaseExtension, canWrite: boolean): boolean {
  return canWrite && extension.availability !== 'unavailable' && extension.schema !== SYSTEM_SCHEMA
}

import type { Backup } from '@pgfleet/contracts'
import { BACKUP_KIND_LABELS } from './backups.constants'

export { formatBytes } from '../../../lib/format-bytes'

export function formatBackupKind(kind: string): string {
  return BACKUP_KIND_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1)
}

/** Newest first. */
export function sortBackups(backups: readonly Backup[]): Backup[] {
  return [...backups].sort((a, b) => b.inserted_at.localeCompare(a.inserted_at) || b.id - a.id)
}

export function formatBackupDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}

import type { Backup } from '@pgfleet/contracts'
import { BACKUP_KIND_LABELS } from './backups.constants'

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** 1536 → '1.5 KB' (powers of 1024, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`
}

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

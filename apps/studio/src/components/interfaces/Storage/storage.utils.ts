import { MIME_TYPE_PATTERN } from '@pgfleet/contracts'
import {
  ALL_MIME_TYPES,
  INVALID_MIME,
  INVALID_SIZE,
  MAX_SIZE_TEXT,
  NO_MIME_TYPES,
  NO_SIZE_LIMIT,
  SIZE_UNIT_BYTES,
  SIZE_UNITS,
  type SizeUnit,
} from './storage.constants'

/** '5 MB', '1.5 KB', '300 bytes' (binary units, one decimal at most). */
export function formatBytes(bytes: number): string {
  const unit = [...SIZE_UNITS].reverse().find((candidate) => bytes >= SIZE_UNIT_BYTES[candidate]) ?? 'bytes'
  const value = bytes / SIZE_UNIT_BYTES[unit]
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')} ${unit}`
}

/** The largest unit that expresses `bytes` exactly, for the edit form. */
export function splitBytes(bytes: number): { value: number; unit: SizeUnit } {
  const unit = [...SIZE_UNITS].reverse().find((candidate) => bytes % SIZE_UNIT_BYTES[candidate] === 0) ?? 'bytes'
  return { value: bytes / SIZE_UNIT_BYTES[unit], unit }
}

export function toBytes(value: string, unit: SizeUnit): { bytes: number } | { error: string } {
  const number = Number(value)
  if (!value.trim() || !Number.isFinite(number) || number <= 0) return { error: INVALID_SIZE }
  return { bytes: Math.round(number * SIZE_UNIT_BYTES[unit]) }
}

/** 'image/png, image/*' → ['image/png', 'image/*'], or the first entry that is not a MIME type. */
export function parseMimeTypes(text: string): { types: string[] } | { error: string } {
  const types = text
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  const invalid = types.find((entry) => !MIME_TYPE_PATTERN.test(entry))
  return invalid ? { error: INVALID_MIME(invalid) } : { types: [...new Set(types)] }
}

/** Spec: null allows every type, an empty list allows none. */
export function describeMimeTypes(types: string[] | null): string {
  if (types === null) return ALL_MIME_TYPES
  if (types.length === 0) return NO_MIME_TYPES
  return types.join(', ')
}

/** Spec: null means no limit. */
export function describeSizeLimit(bytes: number | null): string {
  return bytes === null ? NO_SIZE_LIMIT : MAX_SIZE_TEXT(formatBytes(bytes))
}

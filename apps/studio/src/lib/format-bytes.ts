const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** 1536 → '1.5 KB' (powers of 1024, one decimal below 10); a missing or impossible size reads as a dash. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '–'
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** The value of an `<input type="datetime-local" step="1">` for `date`, in the browser's time zone. */
export function toDateTimeLocalValue(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

/** Reads a datetime-local value (seconds optional) as local time; null when it is not one. */
export function parseDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value)
  if (!match) return null
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0] = match.slice(1, 6).map(Number)
  const seconds = match[6] === undefined ? 0 : Number(match[6])
  if (hours > 23 || minutes > 59 || seconds > 59) return null
  const date = new Date(year, month - 1, day, hours, minutes, seconds)
  return Number.isNaN(date.getTime()) || date.getDate() !== day ? null : date
}

/** Whole seconds: what the restore takes. */
export const toUnixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)

/** Within [earliest, latest], compared in whole seconds as the server does. */
export function isWithinWindow(target: Date, earliest: Date, latest: Date): boolean {
  const seconds = toUnixSeconds(target)
  return seconds >= toUnixSeconds(earliest) && target.getTime() <= latest.getTime()
}

/** `2026-11-26 11:05:07` in the browser's time zone. */
export function formatLocalInstant(date: Date): string {
  return toDateTimeLocalValue(date).replace('T', ' ')
}

/** `2026-11-26 10:05:07` in UTC. */
export function formatUtcInstant(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'
}

import { execFileSync } from 'node:child_process'

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

/** "p50 … p95 … max …" in whole milliseconds. */
export function summary(values: number[]): string {
  const ms = (value: number) => `${Math.round(value)} ms`
  return `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}  (n=${values.length})`
}

/** The machine's load, for reading a timing in context: the bench shares its cores with other work. */
export function machineLoad(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim()
  } catch {
    return 'uptime unavailable'
  }
}

import type { EngineInfo } from '@pgfleet/contracts'

export type EngineRow = EngineInfo & { current: boolean }

/** The platform's engines, newest major first, with the project's own marked. */
export function engineRows(engines: readonly EngineInfo[], projectMajor: number): EngineRow[] {
  return [...engines]
    .sort((a, b) => b.major - a.major || a.source.localeCompare(b.source))
    .map((engine) => ({ ...engine, current: engine.major === projectMajor }))
}

/** Majors newer than the project's that the platform can run, ascending and without duplicates. */
export function newerMajors(engines: readonly EngineInfo[], projectMajor: number): number[] {
  return [...new Set(engines.map((engine) => engine.major).filter((major) => major > projectMajor))].sort(
    (a, b) => a - b,
  )
}

/** A timestamp in the reader's locale; a value that is not a date is shown as it came. */
export function formatDateTime(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString()
}

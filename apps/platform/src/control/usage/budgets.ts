import { BYTES_PER_GB, type ComputeSize, type ResourceWarningLevel } from '@pgfleet/contracts'

const MB = 1024 ** 2

/**
 * What each compute size may use before it counts as exhausted. Projects share one machine without cgroups, so
 * nothing enforces these: they are the yardsticks the warnings measure CPU, memory and IO against.
 */
export interface ComputeBudget {
  /** CPU time per second of wall-clock time */
  cpuCores: number
  /** memory (proportional set size) plus swap of the postmaster and its backends */
  memoryBytes: number
  /** bytes read plus written per second by the same processes */
  diskIoBytesPerSecond: number
}

export const COMPUTE_BUDGETS: Record<ComputeSize, ComputeBudget> = {
  nano: { cpuCores: 0.25, memoryBytes: 0.5 * BYTES_PER_GB, diskIoBytesPerSecond: 5 * MB },
  micro: { cpuCores: 0.5, memoryBytes: 1 * BYTES_PER_GB, diskIoBytesPerSecond: 10 * MB },
  small: { cpuCores: 1, memoryBytes: 2 * BYTES_PER_GB, diskIoBytesPerSecond: 20 * MB },
  medium: { cpuCores: 2, memoryBytes: 4 * BYTES_PER_GB, diskIoBytesPerSecond: 40 * MB },
  large: { cpuCores: 4, memoryBytes: 8 * BYTES_PER_GB, diskIoBytesPerSecond: 80 * MB },
}

export function computeBudget(size: string): ComputeBudget {
  return COMPUTE_BUDGETS[size as ComputeSize] ?? COMPUTE_BUDGETS.micro
}

export interface Thresholds {
  warningPercent: number
  criticalPercent: number
}

/** The level of a use against its budget; null without a reading. */
export function levelOf(used: number | null, budget: number, thresholds: Thresholds): ResourceWarningLevel | null {
  if (used === null || !(budget > 0)) return null
  const percent = (used / budget) * 100
  if (percent >= thresholds.criticalPercent) return 'critical'
  if (percent >= thresholds.warningPercent) return 'warning'
  return null
}

/** A per-second rate from two readings of a cumulative counter; null when it went backwards (a restart). */
export function ratePerSecond(current: number | null, previous: number | null, elapsedMs: number): number | null {
  if (current === null || previous === null || elapsedMs <= 0 || current < previous) return null
  return (current - previous) / (elapsedMs / 1000)
}

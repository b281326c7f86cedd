import type { UsageSample } from '@pgfleet/contracts'
import { USAGE_MAX_CHART_POINTS } from './usage.constants'

const MB = 1024 ** 2

export type UsagePoint = {
  at: string
  cpu: number | null
  memory: number | null
  diskIo: number | null
  disk: number
}

/** Every nth sample so that at most `max` remain, the newest always kept. */
export function thinSamples<T>(samples: readonly T[], max = USAGE_MAX_CHART_POINTS): T[] {
  if (samples.length <= max) return [...samples]
  const step = Math.ceil(samples.length / max)
  const kept = samples.filter((_, index) => (samples.length - 1 - index) % step === 0)
  return kept
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

/** Chart rows: CPU in percent, memory (with swap) and disk in MB, disk IO in MB/s. */
export function usagePoints(samples: readonly UsageSample[]): UsagePoint[] {
  return thinSamples(samples).map((sample) => ({
    at: new Date(sample.sampled_at).toLocaleString(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
    cpu: sample.cpu_percent === null ? null : round(sample.cpu_percent),
    memory: sample.memory_bytes === null ? null : round((sample.memory_bytes + (sample.swap_bytes ?? 0)) / MB),
    diskIo: sample.disk_io_bytes_per_second === null ? null : round(sample.disk_io_bytes_per_second / MB, 2),
    disk: round(sample.disk_used_bytes / MB),
  }))
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat().format(value)
}

import { describe, expect, it } from 'vitest'
import { thinSamples, usagePoints } from './usage.utils'

describe('usage charts', () => {
  it('thins long series, keeping the newest sample', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => i)
    const thinned = thinSamples(samples, 300)
    expect(thinned.length).toBeLessThanOrEqual(300)
    expect(thinned.at(-1)).toBe(999)
    expect(thinSamples([1, 2, 3], 300)).toEqual([1, 2, 3])
  })

  it('converts samples to chart units, keeping gaps as null', () => {
    const [point] = usagePoints([
      {
        sampled_at: '2026-11-26T10:00:00.000Z',
        disk_used_bytes: 50 * 1024 ** 2,
        database_size_bytes: 1,
        cpu_percent: 12.345,
        memory_bytes: 30 * 1024 ** 2,
        swap_bytes: 2 * 1024 ** 2,
        disk_io_bytes_per_second: null,
      },
    ])
    expect(point).toMatchObject({ cpu: 12.3, memory: 32, diskIo: null, disk: 50 })
  })
})

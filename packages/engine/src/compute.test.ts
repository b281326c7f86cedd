import { describe, expect, it } from 'vitest'
import { COMPUTE_SIZES, computeSettings, isComputeSize } from './compute'

const toMegabytes = (value: string): number => {
  const match = /^(\d+)(MB|GB)$/.exec(value)
  if (!match) throw new Error(`unexpected size ${value}`)
  return Number(match[1]) * (match[2] === 'GB' ? 1024 : 1)
}

describe('computeSettings', () => {
  it('maps the smallest and largest sizes to the documented values', () => {
    expect(computeSettings('nano')).toMatchObject({ shared_buffers: '32MB', max_connections: 40 })
    expect(computeSettings('large')).toMatchObject({ shared_buffers: '1GB', max_connections: 160 })
  })

  it('grows every setting with the size', () => {
    const all = COMPUTE_SIZES.map(computeSettings)
    for (let i = 1; i < all.length; i++) {
      const [smaller, larger] = [all[i - 1], all[i]]
      if (!smaller || !larger) throw new Error('missing size')
      expect(toMegabytes(larger.shared_buffers)).toBeGreaterThan(toMegabytes(smaller.shared_buffers))
      expect(larger.max_connections).toBeGreaterThan(smaller.max_connections)
      expect(toMegabytes(larger.work_mem)).toBeGreaterThanOrEqual(toMegabytes(smaller.work_mem))
      expect(toMegabytes(larger.maintenance_work_mem)).toBeGreaterThan(toMegabytes(smaller.maintenance_work_mem))
      expect(toMegabytes(larger.effective_cache_size)).toBeGreaterThan(toMegabytes(larger.shared_buffers))
    }
  })

  it('returns a copy callers may change', () => {
    const settings = computeSettings('small')
    settings.max_connections = 1
    expect(computeSettings('small').max_connections).toBe(90)
  })

  it('rejects unknown sizes', () => {
    expect(isComputeSize('huge')).toBe(false)
    expect(isComputeSize('micro')).toBe(true)
    expect(() => computeSettings('huge' as never)).toThrow('Unknown compute size: huge')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppContext } from '../../context'
import { silentLogger } from '../../logging/logger'
import { type ResourceSampler, startResourceSampler } from './sampler'

/** The periodic sampling never queues rounds behind a slow one. */
describe('startResourceSampler', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('skips the ticks that come while a round runs, and samples again at the next tick after it', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => {}
    const sample = vi.fn(
      () =>
        new Promise<[]>((resolve) => {
          finish = () => resolve([])
        }),
    )
    const ctx = { log: silentLogger() } as unknown as AppContext
    const periodic = startResourceSampler(ctx, { sample } as unknown as ResourceSampler, 100)

    // a round that outlasts ten intervals is still the only one asked for
    await vi.advanceTimersByTimeAsync(1_050)
    expect(sample).toHaveBeenCalledTimes(1)
    finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(sample).toHaveBeenCalledTimes(2)

    finish()
    await periodic.stop()
  })
})

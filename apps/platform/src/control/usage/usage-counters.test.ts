import { describe, expect, it } from 'vitest'
import { UsageCounters } from './usage-counters'

/** Counts move from memory into samples without a dip, a loss or a double count that outlives the round. */
describe('UsageCounters', () => {
  it('keeps drained counts pending until the round has stored them, one project at a time', () => {
    const usage = new UsageCounters()
    usage.dataApiResponse('alpha', 100)
    usage.dataApiResponse('alpha', 50)
    usage.functionInvoked('alpha')
    usage.dataApiResponse('beta', 10)

    const drained = usage.drain()
    expect(drained.dataApi.get('alpha')).toEqual({ requests: 2, egressBytes: 150 })
    // the round runs: nothing it took is out of sight yet, and new requests add to it
    usage.dataApiResponse('alpha', 1)
    expect(usage.pending('alpha')).toEqual({ dataApiRequests: 3, functionInvocations: 1 })

    usage.stored(drained, 'alpha')
    expect(usage.pending('alpha')).toEqual({ dataApiRequests: 1, functionInvocations: 0 })
    expect(usage.pending('beta')).toEqual({ dataApiRequests: 1, functionInvocations: 0 })
    usage.stored(drained)
    expect(usage.pending('beta')).toEqual({ dataApiRequests: 0, functionInvocations: 0 })
  })

  it('a round for some projects takes only theirs, and leaves sign-in hits to the full rounds', () => {
    const usage = new UsageCounters()
    usage.dataApiResponse('alpha', 5)
    usage.dataApiResponse('beta', 7)
    usage.functionInvoked('beta')
    usage.signInRateLimited('Someone@Example.com')

    const some = usage.drain(['alpha', 'gamma'])
    expect([...some.dataApi.keys()]).toEqual(['alpha'])
    expect(some.functionInvocations.size).toBe(0)
    expect(some.signInRateLimited.size).toBe(0)
    usage.stored(some)

    const all = usage.drain()
    expect(all.dataApi.get('beta')).toEqual({ requests: 1, egressBytes: 7 })
    expect(all.dataApi.has('alpha')).toBe(false)
    expect(all.functionInvocations.get('beta')).toBe(1)
    expect(all.signInRateLimited.get('someone@example.com')).toBe(1)
  })
})

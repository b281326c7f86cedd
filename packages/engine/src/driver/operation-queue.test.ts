import { describe, expect, it } from 'vitest'
import { OperationQueue } from './operation-queue'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('OperationQueue', () => {
  it('runs operations on one key in order, and other keys alongside', async () => {
    const queue = new OperationQueue()
    const events: string[] = []
    const op = (name: string) => async () => {
      events.push(`${name} start`)
      await tick()
      events.push(`${name} end`)
      return name
    }
    const results = await Promise.all([queue.run('a', op('a1')), queue.run('a', op('a2')), queue.run('b', op('b1'))])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(events.indexOf('a1 end')).toBeLessThan(events.indexOf('a2 start'))
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'))
  })

  it('gives a failure to its own caller only; the next operation still runs', async () => {
    const queue = new OperationQueue()
    const failed = queue.run('a', async () => {
      throw new Error('boom')
    })
    const next = queue.run('a', async () => 'ran')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ran')
  })
})

import { describe, expect, it } from 'vitest'
import { DENIED_IPV4_RANGES, deniedNetwork, subtractRange } from './sandbox'

describe('the functions network sandbox', () => {
  it('denies loopback, private ranges and the machine names by default', () => {
    const denied = deniedNetwork(['vm', 'localhost']).split(',')
    expect(denied).toEqual(expect.arrayContaining([...DENIED_IPV4_RANGES, '[::1]', 'localhost', 'vm']))
    expect(denied.filter((entry) => entry === 'localhost')).toHaveLength(1)
  })

  it('cuts an allowed address out of its range and leaves the rest denied', () => {
    const kept = subtractRange('127.0.0.0/8', '127.0.0.1')
    expect(kept).toHaveLength(24)
    expect(kept).toContain('127.0.0.0/32')
    expect(kept).toContain('127.128.0.0/9')
    expect(kept).not.toContain('127.0.0.1/32')
    // every address but the hole is covered exactly once
    const covered = kept.reduce((sum, range) => sum + 2 ** (32 - Number(range.split('/')[1])), 0)
    expect(covered).toBe(2 ** 24 - 1)
  })

  it('drops a range an allowed range covers, and keeps ranges it does not touch', () => {
    expect(subtractRange('10.0.0.0/8', '10.0.0.0/8')).toEqual([])
    expect(subtractRange('10.0.0.0/8', '8.0.0.0/6')).toEqual([])
    expect(subtractRange('192.168.0.0/16', '10.0.0.1')).toEqual(['192.168.0.0/16'])
  })

  it('opens allowed names and addresses only', () => {
    const denied = deniedNetwork(['vm'], ['vm', '10.1.2.3']).split(',')
    expect(denied).not.toContain('vm')
    expect(denied).not.toContain('10.0.0.0/8')
    expect(denied).toContain('127.0.0.0/8')
    expect(denied).toContain('10.1.2.2/32')
    expect(denied).toContain('localhost')
  })
})

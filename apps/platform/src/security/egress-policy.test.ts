import { describe, expect, it } from 'vitest'
import { assertNoProtectedPort, EgressPolicy, embeddedIpv4, parseEgressAllow } from './egress-policy'

const policy = new EgressPolicy({
  allow: parseEgressAllow('127.0.0.1:11434, relay.internal:587,[fd00::5]:25'),
  ownAddresses: ['127.0.0.1', '::1', '192.0.2.2', 'fd00::2'],
})

describe('the egress policy', () => {
  it('parses exact host:port destinations and refuses anything else', () => {
    expect(parseEgressAllow('')).toEqual([])
    expect(parseEgressAllow('127.0.0.1:11434,[::1]:25')).toEqual([
      { host: '127.0.0.1', port: 11434 },
      { host: '::1', port: 25 },
    ])
    for (const bad of ['127.0.0.1', '10.0.0.0/8:80', 'host:0', 'host:70000', '[nothing]:80', '::1:80']) {
      expect(() => parseEgressAllow(bad), bad).toThrow(/PGFLEET_EGRESS_ALLOW/)
    }
  })

  it("never lets the platform's port or a project's port be listed", () => {
    const ports = { from: 54400, to: 54999 }
    expect(() => assertNoProtectedPort([{ host: '127.0.0.1', port: 8080 }], 8080, ports)).toThrow(/PORT=8080/)
    expect(() => assertNoProtectedPort([{ host: '127.0.0.1', port: 54500 }], 8080, ports)).toThrow(/PGFLEET_PORT_RANGE/)
    expect(() => assertNoProtectedPort([{ host: '127.0.0.1', port: 11434 }], 8080, ports)).not.toThrow()
  })

  it("denies loopback, private, link-local, reserved ranges and this machine's addresses, however written", () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '192.0.2.2',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '::127.0.0.1',
      'fd00::2',
      'fe80::1',
      'ff02::1',
    ]) {
      expect(policy.isInternal(address), address).toBe(true)
    }
    for (const address of ['1.1.1.1', '192.0.2.3', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(policy.isInternal(address), address).toBe(false)
    }
    expect(embeddedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1')
  })

  it('lets through exactly the listed destinations', () => {
    expect(policy.allows('127.0.0.1', 11434)).toBe(true)
    expect(policy.allows('127.0.0.1', 8080)).toBe(false)
    expect(policy.allows('127.0.0.2', 11434)).toBe(false)
    expect(policy.allows('10.9.9.9', 587, 'relay.internal')).toBe(true)
    expect(policy.allows('10.9.9.9', 25, 'relay.internal')).toBe(false)
    expect(policy.allows('fd00::5', 25)).toBe(true)
    expect(policy.allows('8.8.8.8', 53)).toBe(true)
  })
})

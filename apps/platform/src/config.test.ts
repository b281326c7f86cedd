import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.host).toBe('127.0.0.1')
    expect(config.dataDir).toMatch(/\.pgfleet$/)
    expect(config.portRange).toEqual({ from: 54400, to: 54999 })
    expect(config.databaseUrl).toBeUndefined()
  })

  it('reads trusted proxies as addresses and CIDR ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([])
    expect(loadConfig({ PGFLEET_TRUSTED_PROXIES: ' 10.0.0.1, 192.168.0.0/16,::1, fd00::/8 ' }).trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ])
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '*'])
      expect(() => loadConfig({ PGFLEET_TRUSTED_PROXIES: bad })).toThrow(/PGFLEET_TRUSTED_PROXIES/)
  })

  it('reads feature flags from JSON', () => {
    const config = loadConfig({
      PGFLEET_FEATURE_FLAGS: '{"disableProjectVersionSelection":true,"proBenefitWording":"variant-a"}',
    })
    expect(config.featureFlags).toEqual({ disableProjectVersionSelection: true, proBenefitWording: 'variant-a' })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PGFLEET_PORT_RANGE: '5-3' }, /first port/],
    [{ PGFLEET_PORT_RANGE: 'abc' }, /54400-54999/],
    [{ PGFLEET_ADMIN_EMAIL: 'a@b.c' }, /both/],
    [{ PGFLEET_FEATURE_FLAGS: '{"x": 3}' }, /booleans or strings/],
  ])('rejects bad settings %j with a clear message', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message)
  })
})

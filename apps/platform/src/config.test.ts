import { describe, expect, it } from 'vitest'
import { AI_PRIVATE_ENDPOINTS_REMOVED, FUNCTION_WORKER_MEMORY_BYTES, loadConfig, workersForMemory } from './config'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(8080)
    expect(config.host).toBe('127.0.0.1')
    expect(config.dataDir).toMatch(/\.pgfleet$/)
    expect(config.portRange).toEqual({ from: 54400, to: 54999 })
    expect(config.databaseUrl).toBeUndefined()
  })

  it('caps function workers per project and, from the memory unless set, on the platform', () => {
    const defaults = loadConfig({}).functions
    expect(defaults.maxWorkersPerProject).toBe(8)
    expect(defaults.queueTimeoutMs).toBe(5_000)
    expect(defaults.maxWorkers).toBeGreaterThanOrEqual(1)
    const set = loadConfig({ PGFLEET_FUNCTIONS_MAX_WORKERS: '3', PGFLEET_FUNCTIONS_MAX_WORKERS_PER_PROJECT: '2' })
    expect(set.functions).toMatchObject({ maxWorkers: 3, maxWorkersPerProject: 2 })
    // three quarters of 24 GB at the most one worker can hold; a tiny machine still runs one
    expect(workersForMemory(24 * 1024 ** 3)).toBe(27)
    expect(workersForMemory(FUNCTION_WORKER_MEMORY_BYTES / 2)).toBe(1)
    expect(() => loadConfig({ PGFLEET_FUNCTIONS_MAX_WORKERS: '0' })).toThrow(/PGFLEET_FUNCTIONS_MAX_WORKERS/)
  })

  it('refuses to start with the removed private-model switch, naming PGFLEET_EGRESS_ALLOW instead', () => {
    // it let any organization point its model at this machine's ports; the egress policy's exact entries replace it
    for (const value of ['true', 'false', '']) {
      expect(() => loadConfig({ PGFLEET_AI_ALLOW_PRIVATE_ENDPOINTS: value }), value).toThrow(
        AI_PRIVATE_ENDPOINTS_REMOVED,
      )
    }
    expect(AI_PRIVATE_ENDPOINTS_REMOVED).toContain('PGFLEET_EGRESS_ALLOW')
    expect(loadConfig({ PGFLEET_EGRESS_ALLOW: '127.0.0.1:11434' }).egress.allow).toEqual([
      { host: '127.0.0.1', port: 11434 },
    ])
  })

  it("reads the platform's SMTP server and sender, and refuses either without the other", () => {
    expect(loadConfig({}).smtp).toBeUndefined()
    const env = {
      PGFLEET_SMTP_URL: 'smtp://mailer:p%40ss@relay.internal:2525',
      PGFLEET_SMTP_SENDER: 'Acme <no-reply@acme.test>',
    }
    expect(loadConfig(env).smtp).toEqual({
      host: 'relay.internal',
      port: 2525,
      secure: false,
      user: 'mailer',
      pass: 'p@ss',
      sender: { name: 'Acme', address: 'no-reply@acme.test' },
    })
    expect(
      loadConfig({ PGFLEET_SMTP_URL: 'smtps://[::1]', PGFLEET_SMTP_SENDER: 'no-reply@acme.test' }).smtp,
    ).toMatchObject({ host: '::1', port: 465, secure: true, user: undefined, sender: { name: undefined } })
    expect(() => loadConfig({ PGFLEET_SMTP_URL: 'smtp://relay.internal' })).toThrow(/needs PGFLEET_SMTP_SENDER/)
    expect(() => loadConfig({ PGFLEET_SMTP_SENDER: 'no-reply@acme.test' })).toThrow(/without PGFLEET_SMTP_URL/)
    for (const url of [
      'http://relay.internal',
      'relay.internal:25',
      'smtp://relay.internal/path',
      'smtp://%zz@relay',
    ]) {
      expect(() => loadConfig({ PGFLEET_SMTP_URL: url, PGFLEET_SMTP_SENDER: 'a@b.test' }), url).toThrow(/smtp:\/\//)
    }
    for (const sender of ['nobody', 'a@b.test, c@d.test', 'Name <a@b.test> extra']) {
      expect(() => loadConfig({ ...env, PGFLEET_SMTP_SENDER: sender }), sender).toThrow(/PGFLEET_SMTP_SENDER must/)
    }
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

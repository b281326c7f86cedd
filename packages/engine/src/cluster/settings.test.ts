import { describe, expect, it } from 'vitest'
import { formatSettingValue, parseSettings, parseSettingsPort, renderSettings } from './settings'

const base = { listenAddress: '127.0.0.1', socketDir: '/data/projects/abc/run' }

describe('renderSettings', () => {
  it('writes caller settings first and the ones derived from the cluster spec last', () => {
    const text = renderSettings({
      ...base,
      port: 54321,
      settings: { shared_buffers: '32MB', max_connections: 40, fsync: true },
    })
    expect(text.split('\n').filter((line) => !line.startsWith('#') && line)).toEqual([
      "shared_buffers = '32MB'",
      'max_connections = 40',
      'fsync = on',
      "listen_addresses = '127.0.0.1'",
      'port = 54321',
      "unix_socket_directories = '/data/projects/abc/run'",
      'unix_socket_permissions = 0700',
      "password_encryption = 'scram-sha-256'",
    ])
    expect(parseSettingsPort(text)).toBe(54321)
  })

  it('listens on no TCP address for a socket-only cluster', () => {
    const text = renderSettings({ ...base, port: null })
    expect(text).toContain("listen_addresses = ''")
    expect(parseSettingsPort(text)).toBe(5432)
  })

  it('refuses settings that would break the file or override the managed ones', () => {
    expect(() => renderSettings({ ...base, port: 1, settings: { port: 5 } })).toThrow('derived from the cluster spec')
    expect(() => renderSettings({ ...base, port: 1, settings: { 'a = 1\nb': 1 } })).toThrow('Invalid setting name')
    expect(() => renderSettings({ ...base, port: 1, settings: { archive_command: 'x\ny' } })).toThrow('line breaks')
    expect(() => renderSettings({ ...base, port: 0 })).toThrow('Invalid port 0')
  })

  it('quotes strings the way postgresql.conf reads them', () => {
    expect(formatSettingValue("it's")).toBe("'it''s'")
    expect(formatSettingValue('C:\\path')).toBe("'C:\\\\path'")
    expect(formatSettingValue(false)).toBe('off')
    expect(() => formatSettingValue(Number.NaN)).toThrow()
  })
})

describe('parseSettings', () => {
  it('reads back what renderSettings wrote, without the derived settings', () => {
    const settings = { shared_buffers: '32MB', max_connections: 40, fsync: true, search_path: "it's \\ here" }
    const text = renderSettings({ ...base, port: 5000, settings })
    expect(parseSettings(text)).toEqual(settings)
  })
})

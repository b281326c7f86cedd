import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SecretBox } from './key-encryption'

const dir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-secret-box-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('SecretBox', () => {
  it('seals and opens a secret with the same key file, readable by its owner only', async () => {
    const first = await SecretBox.open(dir)
    const sealed = first.seal('sk-test-123', 'organization:1')
    expect(sealed).not.toContain('sk-test-123')
    const again = await SecretBox.open(dir)
    expect(again.open(sealed, 'organization:1')).toBe('sk-test-123')
    expect(statSync(path.join(dir, 'secrets/organization-secrets.key')).mode & 0o777).toBe(0o600)
  })

  it('refuses a sealed value moved to another row, or tampered with', async () => {
    const box = await SecretBox.open(dir)
    const sealed = box.seal('sk-test-123', 'organization:1')
    expect(() => box.open(sealed, 'organization:2')).toThrow()
    const parts = sealed.split(':')
    parts[3] = Buffer.from('something else').toString('base64')
    expect(() => box.open(parts.join(':'), 'organization:1')).toThrow()
  })

  it('cannot open with another key', () => {
    const sealed = SecretBox.withKey(Buffer.alloc(32, 1)).seal('secret', 'c')
    expect(() => SecretBox.withKey(Buffer.alloc(32, 2)).open(sealed, 'c')).toThrow()
  })
})

import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  parsePassfile,
  platformPassfile,
  platformSuperuserPassword,
  renderPassfile,
  usePlatformPassfile,
} from './superuser-password'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-passfile-test-'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const mode = async (file: string) => (await stat(file)).mode & 0o777

describe("the platform superuser's password", () => {
  it('reads back what a passfile holds, for both platform roles', () => {
    const text = renderPassfile('s3cret')
    expect(text).toBe('*:*:*:pgfleet_admin:s3cret\n*:*:*:pgfleet_migrator:s3cret\n')
    expect(parsePassfile(text)).toBe('s3cret')
    expect(parsePassfile('*:*:*:someone:else\n')).toBeNull()
  })

  it('keeps the password this process already uses in a 0600 file of a 0700 directory, which client tools read', async () => {
    const before = platformSuperuserPassword()
    expect(before.length).toBeGreaterThanOrEqual(40)
    const file = path.join(root, 'data', 'secrets', 'platform-superuser.pgpass')
    await usePlatformPassfile(file)
    expect(platformSuperuserPassword()).toBe(before)
    expect(await platformPassfile()).toBe(file)
    expect(parsePassfile(await readFile(file, 'utf8'))).toBe(before)
    expect(await mode(file)).toBe(0o600)
    expect(await mode(path.dirname(file))).toBe(0o700)
    // a restarted platform reads the same file again
    await usePlatformPassfile(file)
    expect(platformSuperuserPassword()).toBe(before)
  })

  it('refuses a passfile with another password than the one this process uses', async () => {
    const other = path.join(root, 'other.pgpass')
    await writeFile(other, renderPassfile('another-password'), { mode: 0o600 })
    await expect(usePlatformPassfile(other)).rejects.toThrow(/another pgfleet_admin password/)
  })

  it("removes a process's own passfile directory when the process exits", async () => {
    const module = path.join(import.meta.dirname, 'superuser-password.ts')
    const script = `import { platformPassfile } from ${JSON.stringify(module)}; console.log(await platformPassfile())`
    const printed = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      encoding: 'utf8',
    })
    const passfile = printed.trim()
    expect(passfile).toMatch(/pgfleet-passfile-.*\/pgpass$/)
    await expect(stat(path.dirname(passfile))).rejects.toThrow(/ENOENT/)
  })
})

import { execFile } from 'node:child_process'
import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directoryUsage } from './disk-usage'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-du-'))
  await mkdir(path.join(root, 'a', 'b'), { recursive: true })
  await writeFile(path.join(root, 'a', 'one'), Buffer.alloc(1000))
  await writeFile(path.join(root, 'a', 'b', 'two'), Buffer.alloc(5000))
  await link(path.join(root, 'a', 'b', 'two'), path.join(root, 'a', 'two-again'))
  await symlink('/etc', path.join(root, 'a', 'elsewhere'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('directoryUsage', () => {
  it('matches du -sb: apparent sizes, symlinks not followed, hard links once', async () => {
    const usage = await directoryUsage(root)
    const { stdout } = await promisify(execFile)('du', ['-sb', root])
    expect(usage.bytes).toBe(Number(stdout.split('\t')[0]))
    expect(usage.files).toBe(3)
  })

  it('is zero for a missing directory', async () => {
    expect(await directoryUsage(path.join(root, 'missing'))).toEqual({ bytes: 0, files: 0 })
  })
})

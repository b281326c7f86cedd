import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempRoot } from '../testing/fixtures'
import { containedFile } from './contained-path'

let root: string
let dir: string

beforeAll(async () => {
  root = await makeTempRoot('contained')
  dir = path.join(root, 'backups')
  await mkdir(path.join(dir, 'sub'), { recursive: true })
  await writeFile(path.join(dir, 'a.tar.zst'), 'archive')
  await writeFile(path.join(dir, 'sub', 'b'), 'nested')
  await writeFile(path.join(root, 'outside'), 'secret')
  await symlink(path.join(root, 'outside'), path.join(dir, 'escape'))
  await symlink('/etc/passwd', path.join(dir, 'passwd'))
  await symlink(path.join(dir, 'a.tar.zst'), path.join(dir, 'inner-link'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('containedFile', () => {
  it('resolves files inside the directory', async () => {
    expect(await containedFile(dir, 'a.tar.zst')).toBe(path.join(dir, 'a.tar.zst'))
    expect(await containedFile(dir, 'sub/b')).toBe(path.join(dir, 'sub', 'b'))
    expect(await containedFile(dir, 'inner-link')).toBe(path.join(dir, 'a.tar.zst'))
  })

  it.each([
    ['a parent reference', '../outside'],
    ['an absolute path', '/etc/shadow'],
    ['a NUL', 'a.tar.zst\0.txt'],
    ['a symbolic link out of the directory', 'escape'],
    ['a symbolic link to a system file', 'passwd'],
    ['a directory', 'sub'],
    ['the directory itself', '.'],
    ['a missing file', 'nope'],
    ['an empty name', ''],
  ])('refuses %s', async (_, name) => {
    expect(await containedFile(dir, name)).toBeNull()
  })

  it('refuses everything when the directory is missing', async () => {
    expect(await containedFile(path.join(root, 'missing'), 'a')).toBeNull()
  })
})

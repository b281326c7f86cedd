import { execFileSync } from 'node:child_process'
import { link, lstat, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempRoot } from '../testing/fixtures'
import { mkdirOwned, openLogForAppend } from './fs-owned'
import { readFileBeneath, readFileNoFollow } from './no-follow'
import { removeTree } from './remove-tree'
import { type RunAs, resolveRunAs } from './run-as'

/** What a link planted by a less privileged user points at: it must keep its owner, mode and content. */
const SECRET = 'not for the link planter\n'

let root: string
let secret: string
let targetDir: string
let runAs: RunAs | null

beforeAll(async () => {
  root = await makeTempRoot('no-follow')
  secret = path.join(root, 'secret')
  targetDir = path.join(root, 'target-dir')
  await writeFile(secret, SECRET, { mode: 0o600 })
  await mkdir(targetDir, { mode: 0o700 })
  runAs = await resolveRunAs()
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const ownerAndMode = async (file: string) => {
  const info = await stat(file)
  return { uid: info.uid, gid: info.gid, mode: info.mode & 0o7777 }
}

describe('paths in a directory another user writes', () => {
  it('readFileNoFollow refuses a symbolic link, a FIFO and a second hard link', async () => {
    const dir = path.join(root, 'read')
    await mkdir(dir)
    await writeFile(path.join(dir, 'plain'), 'plain')
    await symlink(secret, path.join(dir, 'linked'))
    await link(secret, path.join(dir, 'hard'))
    execFileSync('mkfifo', [path.join(dir, 'fifo')])
    expect(await readFileNoFollow(path.join(dir, 'plain'), 'utf8')).toBe('plain')
    await expect(readFileNoFollow(path.join(dir, 'linked'), 'utf8')).rejects.toThrow(/symbolic link/)
    await expect(readFileNoFollow(path.join(dir, 'hard'), 'utf8')).rejects.toThrow(/hard links/)
    await expect(readFileNoFollow(path.join(dir, 'fifo'), 'utf8')).rejects.toThrow(/not a regular file/)
    await rm(path.join(dir, 'hard'))
  })

  it('mkdirOwned refuses a link in place of the directory and leaves its target alone', async () => {
    const before = await ownerAndMode(targetDir)
    const planted = path.join(root, 'run')
    await symlink(targetDir, planted)
    await expect(mkdirOwned(planted, runAs, 0o755)).rejects.toThrow(/symbolic link/)
    expect(await ownerAndMode(targetDir)).toEqual(before)
  })

  it("openLogForAppend removes a link under the log's name instead of appending through it", async () => {
    const before = await ownerAndMode(secret)
    const logDir = path.join(root, 'log')
    await mkdir(logDir)
    await symlink(secret, path.join(logDir, 'postgres.log'))
    const handle = await openLogForAppend(path.join(logDir, 'postgres.log'))
    await handle.write('a log line\n')
    await handle.close()
    expect(await ownerAndMode(secret)).toEqual(before)
    expect(await readFile(secret, 'utf8')).toBe(SECRET)
    expect((await lstat(path.join(logDir, 'postgres.log'))).isFile()).toBe(true)
    expect(await readFile(path.join(logDir, 'postgres.log'), 'utf8')).toBe('a log line\n')
  })

  it("removeTree removes another user's tree as that user, and links in it as links", async () => {
    const tree = path.join(root, 'check')
    await mkdir(path.join(tree, 'base'), { recursive: true })
    await writeFile(path.join(tree, 'base', 'file'), 'data')
    await symlink(targetDir, path.join(tree, 'base', 'dir-link'))
    await symlink(secret, path.join(tree, 'file-link'))
    if (runAs) execFileSync('chown', ['-R', '-h', `${runAs.uid}:${runAs.gid}`, tree])
    await writeFile(path.join(targetDir, 'kept'), 'kept')
    await removeTree(tree)
    await expect(lstat(tree)).rejects.toThrow(/ENOENT/)
    expect(await readFile(path.join(targetDir, 'kept'), 'utf8')).toBe('kept')
    expect(await readFile(secret, 'utf8')).toBe(SECRET)
  })
})

describe('readFileBeneath', () => {
  it('reads a file below a directory and refuses a link on any component', async () => {
    const data = path.join(root, 'beneath')
    await mkdir(path.join(data, 'global'), { recursive: true })
    await writeFile(path.join(data, 'global', 'pg_control'), 'control')
    expect((await readFileBeneath(data, 'global/pg_control')).toString()).toBe('control')
    const planted = path.join(root, 'planted')
    await mkdir(planted)
    await symlink(secret, path.join(planted, 'pg_control'))
    await symlink(targetDir, path.join(planted, 'global'))
    await writeFile(path.join(targetDir, 'pg_control'), 'not this one')
    await expect(readFileBeneath(planted, 'global/pg_control')).rejects.toThrow(/symbolic link/)
    await expect(readFileBeneath(planted, 'pg_control')).rejects.toThrow(/symbolic link/)
    await expect(readFileBeneath(data, '../secret')).rejects.toThrow(/relative path/)
  })
})

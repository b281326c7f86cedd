import { lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWalDirectory } from '../backup/pg-control'
import { makeTempRoot } from '../testing/fixtures'
import { copyFileNoFollow, copyTreeNoFollow } from './copy-no-follow'

/**
 * What root copies out of a directory a project's OS user writes: links planted there, to a file or a directory that
 * user cannot read, are copied as links or refused, never read through.
 */
const SECRET = 'root-only secret\n'

let root: string
let secretFile: string
let secretDir: string

beforeAll(async () => {
  root = await makeTempRoot('copy-no-follow')
  secretFile = path.join(root, 'secret')
  await writeFile(secretFile, SECRET, { mode: 0o600 })
  secretDir = path.join(root, 'secret-dir')
  await mkdir(secretDir, { mode: 0o700 })
  await writeFile(path.join(secretDir, '00000002.history'), SECRET, { mode: 0o600 })
  await writeFile(path.join(secretDir, '000000010000000000000001'), SECRET, { mode: 0o600 })
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** Every regular file under `dir` whose content is the secret. */
async function leaks(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (entry.isFile() && (await readFile(file, 'utf8')) === SECRET) found.push(file)
  }
  return found
}

describe('copying out of a directory another user writes', () => {
  it('copies files and directories, and links as links without reading through them', async () => {
    const source = path.join(root, 'data')
    await mkdir(path.join(source, 'base', '1'), { recursive: true })
    await writeFile(path.join(source, 'PG_VERSION'), '17\n')
    await writeFile(path.join(source, 'base', '1', '1259'), 'pages')
    await symlink(secretFile, path.join(source, 'base', '1', '2619'))
    await symlink(secretDir, path.join(source, 'pg_tblspc'))
    await writeFile(path.join(source, 'postmaster.pid'), 'skipped')
    const target = path.join(root, 'copy')
    await mkdir(target)

    await copyTreeNoFollow(source, target, { reflink: false, include: (name) => name !== 'postmaster.pid' })

    expect((await readdir(target)).sort()).toEqual(['PG_VERSION', 'base', 'pg_tblspc'])
    expect(await readFile(path.join(target, 'base', '1', '1259'), 'utf8')).toBe('pages')
    expect(await readlink(path.join(target, 'base', '1', '2619'))).toBe(secretFile)
    expect(await readlink(path.join(target, 'pg_tblspc'))).toBe(secretDir)
    expect(await leaks(target)).toEqual([])
  })

  it('refuses a link in place of the copied directory or file', async () => {
    const planted = path.join(root, 'planted')
    await mkdir(planted)
    await symlink(secretDir, path.join(planted, 'data'))
    await symlink(secretFile, path.join(planted, 'PG_VERSION'))
    const target = path.join(root, 'planted-copy')
    await mkdir(target)
    await expect(copyTreeNoFollow(path.join(planted, 'data'), target, { reflink: false })).rejects.toThrow(
      /symbolic link/,
    )
    await expect(
      copyFileNoFollow(path.join(planted, 'PG_VERSION'), path.join(target, 'PG_VERSION'), { reflink: false }),
    ).rejects.toThrow(/symbolic link/)
    expect(await leaks(target)).toEqual([])
  })

  it("lists a data directory's pg_wal only when it is no link", async () => {
    const data = path.join(root, 'wal-data')
    await mkdir(path.join(data, 'pg_wal', 'archive_status'), { recursive: true })
    await writeFile(path.join(data, 'pg_wal', '000000010000000000000003'), 'segment')
    await symlink(secretFile, path.join(data, 'pg_wal', '00000003.history'))
    expect(await readWalDirectory(data)).toEqual({
      segments: ['000000010000000000000003'],
      historyFiles: [],
      subdirectories: ['archive_status'],
      segmentSize: 'segment'.length,
    })

    const linked = path.join(root, 'wal-linked')
    await mkdir(linked)
    await symlink(secretDir, path.join(linked, 'pg_wal'))
    await expect(readWalDirectory(linked)).rejects.toThrow(/symbolic link/)
    expect((await lstat(path.join(linked, 'pg_wal'))).isSymbolicLink()).toBe(true)
  })
})

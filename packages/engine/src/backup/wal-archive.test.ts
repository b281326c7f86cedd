import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { pruneWalArchive, restoreCommand, walArchiveSettings, walArchiveState } from './wal-archive'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('WAL archive', () => {
  it('archives with a command that never overwrites, and closes a segment every minute', () => {
    expect(walArchiveSettings("/data/it's/wal")).toEqual({
      wal_level: 'replica',
      archive_mode: 'on',
      archive_command: "test ! -f '/data/it'\\''s/wal'/%f && cp %p '/data/it'\\''s/wal'/%f",
      archive_timeout: '60s',
    })
    expect(restoreCommand('/a/wal')).toBe("cp '/a/wal'/%f %p")
  })

  it('prunes segments before the oldest needed one on any timeline, and keeps timeline history', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-wal-'))
    const names = [
      '000000010000000000000001',
      '000000010000000000000002',
      '000000010000000000000002.00000028.backup',
      '000000010000000000000003',
      '000000020000000000000003',
      '000000020000000000000004',
      '00000002.history',
    ]
    for (const name of names) await writeFile(path.join(dir, name), 'x')
    expect(await pruneWalArchive(dir, '000000020000000000000003')).toBe(3)
    expect((await readdir(dir)).sort()).toEqual(
      ['00000002.history', '000000010000000000000003', '000000020000000000000003', '000000020000000000000004'].sort(),
    )
    const state = await walArchiveState(dir)
    expect(state).toMatchObject({ segments: 3, bytes: 3, oldestSegment: '000000010000000000000003' })
    await expect(pruneWalArchive(dir, '../etc')).rejects.toThrow('Not a WAL segment name')
  })
})

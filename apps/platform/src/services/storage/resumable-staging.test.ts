import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createStaged,
  isUploadId,
  newUploadId,
  RESUMABLE_EXPIRY_MS,
  type StagedUpload,
  stagedFiles,
  stagingDir,
  sweepAllStaged,
} from './resumable-staging'

/** Staging files of resumable uploads: contained ids, and the sweep of expired and orphaned uploads. */
const dirs: string[] = []
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-staging-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const upload = (expiresInMs: number): StagedUpload => ({
  bucketId: 'b',
  name: 'n',
  upsert: false,
  contentType: 'text/plain',
  cacheControl: 'max-age=3600',
  length: 10,
  role: 'service_role',
  sub: null,
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
})

describe('resumable staging', () => {
  it('names files only from 32 hex digits', () => {
    expect(isUploadId(newUploadId())).toBe(true)
    for (const id of ['../x', `${'a'.repeat(31)}/`, 'A'.repeat(32), '', `${'0'.repeat(32)}\0`]) {
      expect(() => stagedFiles('/tmp/x', id), id).toThrow(/Invalid upload id/)
    }
  })

  it('sweeps expired uploads and old orphans of every project, and leaves live and busy ones', async () => {
    const dataDir = tempDataDir()
    const dir = stagingDir(dataDir, 'proj1')
    const [live, expired, busy, orphan] = [newUploadId(), newUploadId(), newUploadId(), newUploadId()]
    await createStaged(dir, live, upload(60_000))
    await createStaged(dir, expired, upload(-1))
    await createStaged(dir, busy, upload(-1))
    const orphanPart = path.join(dir, `${orphan}.part`)
    writeFileSync(orphanPart, 'x')
    const old = (Date.now() - RESUMABLE_EXPIRY_MS - 60_000) / 1000
    utimesSync(orphanPart, old, old)
    await createStaged(stagingDir(dataDir, 'proj2'), newUploadId(), upload(-1))

    expect(await sweepAllStaged(dataDir, (id) => id === busy)).toBe(3)
    expect(readdirSync(dir).sort()).toEqual([`${busy}.json`, `${busy}.part`, `${live}.json`, `${live}.part`].sort())
    expect(readdirSync(stagingDir(dataDir, 'proj2'))).toEqual([])
  })
})

import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { projectStorageDir } from './paths'

/**
 * Resumable uploads in progress: per upload, a data file that grows with each chunk and a small JSON sidecar
 * with what the upload is for, both in the project's storage area under `.resumable/`. The upload id is random
 * hex and checked before it names a file, so no request can reach outside that folder.
 */
export interface StagedUpload {
  bucketId: string
  name: string
  upsert: boolean
  contentType: string
  cacheControl: string
  /** the declared size in bytes; the upload is complete when the data file reaches it */
  length: number
  /** who created it: only the same role and subject may continue, inspect or cancel it */
  role: string
  sub: string | null
  expiresAt: string
}

/** Uploads not completed within this time are removed. */
export const RESUMABLE_EXPIRY_MS = 24 * 3600 * 1000
const STAGING_DIR_NAME = '.resumable'
const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/

export const newUploadId = () => randomBytes(16).toString('hex')
export const isUploadId = (id: string) => UPLOAD_ID_PATTERN.test(id)

export function stagingDir(dataDir: string, ref: string): string {
  return path.join(projectStorageDir(dataDir, ref), STAGING_DIR_NAME)
}

export function stagedFiles(dir: string, id: string) {
  if (!isUploadId(id)) throw new Error(`Invalid upload id: ${JSON.stringify(id)}`)
  return { data: path.join(dir, `${id}.part`), sidecar: path.join(dir, `${id}.json`) }
}

export async function createStaged(dir: string, id: string, upload: StagedUpload): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const files = stagedFiles(dir, id)
  await writeFile(files.data, '', { flag: 'wx', mode: 0o600 })
  await writeFile(files.sidecar, JSON.stringify(upload), { flag: 'wx', mode: 0o600 })
}

/** The upload's record, or null when it does not exist (never made, completed, cancelled or swept). */
export async function readStaged(dir: string, id: string): Promise<StagedUpload | null> {
  try {
    return JSON.parse(await readFile(stagedFiles(dir, id).sidecar, 'utf8')) as StagedUpload
  } catch {
    return null
  }
}

/** Bytes received so far. */
export async function stagedOffset(dir: string, id: string): Promise<number> {
  return (await stat(stagedFiles(dir, id).data)).size
}

export async function removeStaged(dir: string, id: string): Promise<void> {
  const files = stagedFiles(dir, id)
  await rm(files.data, { force: true })
  await rm(files.sidecar, { force: true })
}

export async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

export const isExpired = (upload: StagedUpload, now = Date.now()) => Date.parse(upload.expiresAt) <= now

/**
 * Removes expired uploads and any leftover file without its pair (a crash between the two writes); skips the
 * uploads `busy` says a request is writing right now.
 */
export async function sweepStaged(dir: string, busy: (id: string) => boolean, now = Date.now()): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return 0
  }
  const ids = new Set(names.map((name) => name.replace(/\.(part|json)$/, '')).filter(isUploadId))
  let removed = 0
  for (const id of ids) {
    if (busy(id)) continue
    const upload = await readStaged(dir, id)
    const orphanAge = upload
      ? 0
      : now -
        (await stat(path.join(dir, `${id}.part`))
          .then((s) => s.mtimeMs)
          .catch(() => 0))
    if ((upload && isExpired(upload, now)) || (!upload && orphanAge > RESUMABLE_EXPIRY_MS)) {
      await removeStaged(dir, id)
      removed++
    }
  }
  return removed
}

/** Sweeps the staging folder of every project on this disk; answers how many uploads were removed. */
export async function sweepAllStaged(dataDir: string, busy: (id: string) => boolean): Promise<number> {
  let refs: string[]
  try {
    refs = await readdir(path.join(path.resolve(dataDir), 'storage'))
  } catch {
    return 0
  }
  let removed = 0
  for (const ref of refs) {
    try {
      removed += await sweepStaged(stagingDir(dataDir, ref), busy)
    } catch {
      // not a project's folder (projectStorageDir refuses the name): nothing of ours
    }
  }
  return removed
}

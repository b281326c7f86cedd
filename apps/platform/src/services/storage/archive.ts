import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { projectStorageDir } from './paths'

/**
 * The storage archive of a project: a .tar.gz of every object's file, laid out `{bucket}/{object name}`, built
 * from the files on disk (so a paused project, whose database is stopped, can be archived too). The archive
 * lives beside, never inside, the storage directory; its state is its files: the archive when done, an error
 * file when the last attempt failed, neither while a job runs.
 */
export function archivePaths(dataDir: string, ref: string) {
  projectStorageDir(dataDir, ref) // validates the ref
  const dir = path.join(path.resolve(dataDir), 'storage-archives', ref)
  return {
    dir,
    file: path.join(dir, `${ref}-storage.tar.gz`),
    partial: path.join(dir, `${ref}-storage.tar.gz.partial`),
    error: path.join(dir, 'error.txt'),
  }
}

export type ArchiveState = { state: 'ready'; file: string; bytes: number } | { state: 'failed'; message: string } | null

export async function archiveState(dataDir: string, ref: string): Promise<ArchiveState> {
  const where = archivePaths(dataDir, ref)
  const ready = await stat(where.file).catch(() => null)
  if (ready) return { state: 'ready', file: where.file, bytes: ready.size }
  const message = await readFile(where.error, 'utf8').catch(() => null)
  return message === null ? null : { state: 'failed', message }
}

/** Forgets the previous archive, so polling waits for the one about to be built. */
export async function clearArchive(dataDir: string, ref: string): Promise<void> {
  await rm(archivePaths(dataDir, ref).dir, { recursive: true, force: true })
}

export async function recordArchiveFailure(dataDir: string, ref: string, message: string): Promise<void> {
  const where = archivePaths(dataDir, ref)
  await mkdir(where.dir, { recursive: true })
  await writeFile(where.error, message)
}

/** Builds the archive with GNU tar into a partial file, then renames it into place. Idempotent. */
export async function buildArchive(dataDir: string, ref: string): Promise<void> {
  const where = archivePaths(dataDir, ref)
  await mkdir(where.dir, { recursive: true })
  await rm(where.partial, { force: true })
  await rm(where.error, { force: true })
  const source = projectStorageDir(dataDir, ref)
  const args = existsSync(source)
    ? // uploads in progress (plain and resumable) are not objects yet
      ['-czf', where.partial, '-C', source, '--exclude=./.tmp', '--exclude=./.resumable', '.']
    : ['-czf', where.partial, '--files-from=/dev/null']
  await runTar(args)
  await rename(where.partial, where.file)
}

function runTar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tar = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    tar.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000)
    })
    tar.on('error', (error) => reject(new Error(`Could not run tar: ${error.message}`)))
    tar.on('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`tar failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`))
    })
  })
}

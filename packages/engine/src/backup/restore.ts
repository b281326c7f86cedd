import { type ChildProcess, spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { access, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { isInitializedDataDir } from '../cluster/init'
import { fsyncDir } from '../system/durable'
import { mkdirOwned } from '../system/fs-owned'
import { removeTree } from '../system/remove-tree'
import { type RunAs, spawnIdentity } from '../system/run-as'
import { postgresEnv, runCommand } from '../system/run-command'
import { dataDirMajor } from './cold'
import { detectArchiveCompression, readArchiveManifest } from './manifest'
import { archiveTools } from './tools'
import { MANIFEST_NAME, type RestoreArchiveOptions, type RestoreArchiveResult, reportProgress } from './types'

const PARTIAL_SUFFIX = '.restore-partial'
const PROGRESS_PREFIX = 'tar: #pgfleet-progress R: '

/** Where an archive is extracted before it is renamed to the target. */
export const partialRestoreDir = (targetDataDir: string): string => `${targetDataDir}${PARTIAL_SUFFIX}`

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

function closed(child: ChildProcess, name: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${name}: ${error.message}`)))
    child.once('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${name} failed (${signal ? `killed by ${signal}` : `exit code ${code}`}): ${stderr()}`))
    })
  })
}

/** Extracts as the run-as user (an archive can never write where that user could not), from the file's fd. */
async function extract(
  archiveFile: string,
  dir: string,
  runAs: RunAs | null,
  onBytes: (bytes: number) => void,
): Promise<void> {
  const compression = await detectArchiveCompression(archiveFile)
  const tools = await archiveTools()
  if (compression === 'zstd' && !tools.zstd) throw new Error('zstd is not installed: cannot restore a .tar.zst archive')
  const handle = await open(archiveFile, 'r')
  const children: ChildProcess[] = []
  try {
    const tar = spawn(
      tools.tar,
      [
        '--extract',
        '--file=-',
        `--directory=${dir}`,
        '--no-same-owner',
        '--preserve-permissions',
        '--checkpoint=500',
        '--checkpoint-action=echo=#pgfleet-progress %T',
      ],
      // argv0: tar prefixes its messages with argv[0]; they are parsed as `tar: ...`
      { argv0: 'tar', cwd: '/', env: postgresEnv(), stdio: ['pipe', 'ignore', 'pipe'], ...spawnIdentity(runAs) },
    )
    children.push(tar)
    let tarErrors = ''
    let buffered = ''
    tar.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (buffered + chunk).split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (line.startsWith(PROGRESS_PREFIX)) onBytes(Number.parseInt(line.slice(PROGRESS_PREFIX.length), 10))
        else tarErrors = `${tarErrors}${line}\n`.slice(-2_000)
      }
    })
    const tarDone = closed(tar, 'tar', () => tarErrors.trim())
    const stdin = tar.stdin
    if (!stdin) throw new Error('tar has no stdin')
    stdin.on('error', () => {}) // tar died: its exit status says why

    let feeding: Promise<void>
    if (compression === 'zstd' && tools.zstd) {
      let zstdErrors = ''
      const zstd = spawn(tools.zstd, ['-dcq'], {
        cwd: '/',
        env: postgresEnv(),
        stdio: [handle.fd, stdin, 'pipe'],
        ...spawnIdentity(runAs),
      })
      children.push(zstd)
      stdin.destroy()
      zstd.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        zstdErrors = (zstdErrors + chunk).slice(-2_000)
      })
      feeding = closed(zstd, 'zstd', () => zstdErrors.trim())
    } else {
      // tar may close its stdin as soon as it has read the end-of-archive blocks, before the gzip stream has
      // ended: writes to it then fail and are dropped (tar's exit status tells whether it got everything), while
      // the whole file is still decompressed, so that zlib checks its CRC.
      const toTar = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (stdin.destroyed || !stdin.writable) return callback()
          stdin.write(chunk, () => callback())
        },
        final(callback) {
          stdin.end()
          callback()
        },
      })
      feeding = pipeline(createReadStream('', { fd: handle.fd, autoClose: false }), createGunzip(), toTar)
    }
    const results = await Promise.allSettled([feeding, tarDone])
    const failure = results.find((result) => result.status === 'rejected')
    if (failure) throw (failure as PromiseRejectedResult).reason
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await handle.close()
  }
}

/**
 * Extracts an archive made by archiveStoppedCluster or onlineBaseBackup into `targetDataDir`, which must not
 * exist yet: into `<target>.restore-partial` (mode 0700, owned by runAs), then checked, flushed to disk
 * (syncfs) and renamed, so the target either does not exist or is complete. An archive of another major than
 * the engine's is refused before anything is extracted (by its manifest) or after (by PG_VERSION).
 *
 * The result is ready for `postgres -D`; its pgfleet.conf still names the source's port and socket directory,
 * so write the cluster settings before starting it. An online backup replays its WAL when it first starts.
 */
export async function restoreArchive(
  archiveFile: string,
  targetDataDir: string,
  runAs: RunAs | null,
  options: RestoreArchiveOptions,
): Promise<RestoreArchiveResult> {
  const started = performance.now()
  const wanted = options.engine.major
  reportProgress(options.onProgress, 'reading archive')
  if (await exists(targetDataDir)) throw new Error(`Restore target ${targetDataDir} already exists`)
  const manifest = await readArchiveManifest(archiveFile)
  if (manifest && manifest.major !== wanted) {
    throw new Error(`The archive holds Postgres ${manifest.major} data; it cannot be restored on Postgres ${wanted}`)
  }
  const partial = partialRestoreDir(targetDataDir)
  await removeTree(partial)
  await mkdirOwned(partial, runAs, 0o700)
  const timings = { extractMs: 0, syncMs: 0 }
  try {
    const extractStarted = performance.now()
    reportProgress(options.onProgress, 'extracting', 0)
    await extract(archiveFile, partial, runAs, (bytes) => {
      if (manifest?.size) reportProgress(options.onProgress, 'extracting', Math.min(0.99, bytes / manifest.size))
    })
    if (!(await isInitializedDataDir(partial)))
      throw new Error('The archive does not contain a Postgres data directory')
    const major = await dataDirMajor(partial)
    if (major !== wanted) {
      throw new Error(`The archive holds Postgres ${major} data; it cannot be restored on Postgres ${wanted}`)
    }
    await rm(path.join(partial, MANIFEST_NAME), { force: true })
    // Archives made by hand may lack the (empty) WAL directory; postgres refuses to start without it.
    if (!(await exists(path.join(partial, 'pg_wal')))) await mkdirOwned(path.join(partial, 'pg_wal'), runAs, 0o700)
    timings.extractMs = Math.round(performance.now() - extractStarted)
    reportProgress(options.onProgress, 'flushing to disk')
    const syncStarted = performance.now()
    // One syncfs instead of an fsync per file, like initdb --sync-method=syncfs.
    await runCommand('sync', ['-f', partial])
    timings.syncMs = Math.round(performance.now() - syncStarted)
    await rename(partial, targetDataDir)
    await fsyncDir(path.dirname(targetDataDir))
  } catch (error) {
    await removeTree(partial)
    throw error
  }
  reportProgress(options.onProgress, 'restored', 1)
  return { dataDir: targetDataDir, manifest, durationMs: Math.round(performance.now() - started), timings }
}

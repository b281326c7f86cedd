import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { type FileHandle, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { ignoredError } from '../logger'
import { fsyncDir } from '../system/durable'
import { type RunAs, spawnIdentity } from '../system/run-as'
import { postgresEnv } from '../system/run-command'
import { archiveTools, compressionForFile, DEFAULT_GZIP_LEVEL, zstdCompressArgs } from './tools'
import type { ArchiveCompression } from './types'

export interface TarWriterOptions {
  /** Final name; the archive is written to `${outFile}.partial` and renamed once complete and synced. */
  outFile: string
  /** tar runs as this user: it reads the data directory with the server's rights, never root's. */
  runAs: RunAs | null
  /** Anchored patterns (`./pg_wal`) for members found by recursion. Names added later must not start with `./`. */
  excludes: string[]
  /** Patterns matched against any path suffix, e.g. `pgsql_tmp*`. */
  unanchoredExcludes?: string[]
  /** Online backups: files that change or vanish while tar reads them are expected (WAL replay repairs them). */
  live: boolean
  onBytes?: (uncompressedBytes: number) => void
  compressionLevel?: number
}

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** tar's exit status when files changed or vanished while read. */
const TAR_FILES_DIFFER = 1
/** A checkpoint every 500 records of 10 KiB: a progress report every 5 MB. */
const CHECKPOINT_RECORDS = 500
const PROGRESS_PREFIX = 'tar: #pgfleet-progress W: '
const MESSAGES_KEPT = 20

export const partialArchiveName = (outFile: string): string => `${outFile}.partial`

function waitForClose(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    child.once('error', () => resolve({ code: null, signal: null }))
    child.once('close', (code, signal) => resolve({ code, signal }))
  })
}

const describeExit = (exit: Exit): string => (exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`)

/**
 * One GNU tar process whose member list is fed through stdin (`--files-from=-`, read lazily, with
 * `--directory=DIR` lines switching the source directory), compressed by zstd (or gzip via zlib) into a temp
 * file. Callers can wait for a member to be written, which tells them tar has read everything listed before it:
 * that is how an online backup knows when to call pg_backup_stop before adding backup_label and the WAL.
 */
export class TarArchiveWriter {
  private readonly messages: string[] = []
  private readonly waiters = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
  private finished = false

  private constructor(
    private readonly options: TarWriterOptions,
    readonly compression: ArchiveCompression,
    private readonly temp: string,
    private readonly handle: FileHandle,
    private readonly tar: ChildProcess,
    private readonly tarExit: Promise<Exit>,
    private readonly compressorDone: Promise<void>,
    private readonly compressor: ChildProcess | null,
  ) {
    let buffered = ''
    tar.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) this.onStderrLine(line)
    })
    tar.stdin?.on('error', () => {}) // EPIPE when tar died; its exit status reports why
    void tarExit.then((exit) => {
      if (buffered) this.onStderrLine(buffered)
      for (const [name, waiter] of this.waiters) {
        waiter.reject(new Error(`tar ended (${describeExit(exit)}) before writing ${name}: ${this.lastMessages()}`))
      }
      this.waiters.clear()
    })
  }

  static async start(options: TarWriterOptions): Promise<TarArchiveWriter> {
    const compression = compressionForFile(options.outFile)
    const tools = await archiveTools()
    if (compression === 'zstd' && !tools.zstd) throw new Error('zstd is not installed; write a .tar.gz archive')
    const temp = partialArchiveName(options.outFile)
    await rm(temp, { force: true })
    const handle = await open(temp, 'wx', 0o600)
    const args = [
      '--create',
      '--file=-',
      '--format=gnu',
      '--numeric-owner',
      '--verbose',
      `--checkpoint=${CHECKPOINT_RECORDS}`,
      `--checkpoint-action=echo=#pgfleet-progress %T`,
      ...(options.live
        ? ['--ignore-failed-read', '--warning=no-file-changed', '--warning=no-file-removed', '--warning=no-file-shrank']
        : []),
      '--anchored',
      ...options.excludes.map((pattern) => `--exclude=${pattern}`),
      '--no-anchored',
      ...(options.unanchoredExcludes ?? []).map((pattern) => `--exclude=${pattern}`),
      '--files-from=-',
    ]
    let tar: ChildProcess | null = null
    try {
      tar = spawn(tools.tar, args, {
        argv0: 'tar', // tar prefixes its messages with argv[0]; they are parsed as `tar: ...`
        cwd: '/',
        env: postgresEnv(),
        stdio: ['pipe', 'pipe', 'pipe'],
        ...spawnIdentity(options.runAs),
      })
      const tarExit = waitForClose(tar)
      const stdout = tar.stdout
      if (!stdout) throw new Error('tar has no stdout')
      if (compression === 'zstd' && tools.zstd) {
        // tar writes straight into zstd: piping 250 MB through node would cost more than the compression.
        const zstd = spawn(tools.zstd, zstdCompressArgs(options.compressionLevel), {
          cwd: '/',
          env: postgresEnv(),
          stdio: [stdout, handle.fd, 'pipe'],
        })
        stdout.destroy()
        let zstdErrors = ''
        zstd.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
          zstdErrors = (zstdErrors + chunk).slice(-2_000)
        })
        const zstdDone = waitForClose(zstd).then((exit) => {
          if (exit.code !== 0) throw new Error(`zstd failed (${describeExit(exit)}): ${zstdErrors.trim()}`)
        })
        zstdDone.catch(() => {}) // observed in finish()
        return new TarArchiveWriter(options, compression, temp, handle, tar, tarExit, zstdDone, zstd)
      }
      const gzip = createGzip({ level: options.compressionLevel ?? DEFAULT_GZIP_LEVEL })
      const gzipDone = pipeline(stdout, gzip, createWriteStream('', { fd: handle.fd, autoClose: false }))
      gzipDone.catch(() => {}) // observed in finish()
      return new TarArchiveWriter(options, compression, temp, handle, tar, tarExit, gzipDone, null)
    } catch (error) {
      tar?.kill('SIGKILL')
      await handle.close()
      await rm(temp, { force: true })
      throw error
    }
  }

  /** Adds member names relative to `dir` (names must not start with '-' or contain line breaks). */
  add(dir: string, names: string[]): void {
    if (!path.isAbsolute(dir)) throw new Error(`Archive source directories must be absolute: ${dir}`)
    for (const name of [dir, ...names]) {
      if (/[\r\n]/.test(name) || name.startsWith('-')) throw new Error(`Unsupported name for tar: ${name}`)
    }
    if (names.length === 0) return
    this.tar.stdin?.write(`--directory=${dir}\n${names.join('\n')}\n`)
  }

  /** Resolves once tar has written member `name` (call before adding it); rejects if tar ends first. */
  expectMember(name: string): Promise<void> {
    return new Promise((resolve, reject) => this.waiters.set(name, { resolve, reject }))
  }

  /** Ends the member list, waits for tar and the compressor, syncs the file and renames it into place. */
  async finish(): Promise<{ bytes: number }> {
    if (this.finished) throw new Error('Archive already finished')
    this.finished = true
    try {
      this.tar.stdin?.end()
      const [exit, compressed] = await Promise.all([
        this.tarExit,
        this.compressorDone.then(
          () => null,
          (e) => e,
        ),
      ])
      // A compressor that failed (e.g. disk full) makes tar fail with a broken pipe: report the cause.
      if (compressed) throw compressed
      const accepted = exit.code === 0 || (this.options.live && exit.code === TAR_FILES_DIFFER)
      if (!accepted) throw new Error(`tar failed (${describeExit(exit)}): ${this.lastMessages()}`)
      await this.handle.sync()
      const { size } = await this.handle.stat()
      await this.handle.close()
      await rename(this.temp, this.options.outFile)
      await fsyncDir(path.dirname(this.options.outFile))
      return { bytes: size }
    } catch (error) {
      await this.cleanUp()
      throw error
    }
  }

  /** Kills tar and the compressor and removes the temp file; the final name is never touched. */
  async abort(): Promise<void> {
    if (this.finished) return
    this.finished = true
    await this.cleanUp()
  }

  private async cleanUp(): Promise<void> {
    this.tar.kill('SIGKILL')
    this.compressor?.kill('SIGKILL')
    await this.tarExit
    // killed on purpose (or after the failure the caller gets) and the file is about to go; the handle may be
    // closed already: their failures say nothing more
    await this.compressorDone.catch(ignoredError('the compressor of an abandoned archive failed', { file: this.temp }))
    await this.handle.close().catch(ignoredError('could not close an abandoned archive', { file: this.temp }))
    await rm(this.temp, { force: true })
  }

  private onStderrLine(line: string): void {
    if (line.startsWith(PROGRESS_PREFIX)) {
      const bytes = Number.parseInt(line.slice(PROGRESS_PREFIX.length), 10)
      if (Number.isFinite(bytes)) this.options.onBytes?.(bytes)
      return
    }
    if (line.startsWith('tar: ')) {
      this.messages.push(line)
      if (this.messages.length > MESSAGES_KEPT) this.messages.shift()
      return
    }
    const waiter = this.waiters.get(line)
    if (waiter) {
      this.waiters.delete(line)
      waiter.resolve()
    }
  }

  private lastMessages(): string {
    return this.messages.join('\n') || '(no message)'
  }
}

import { randomBytes } from 'node:crypto'
import { readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { isInitializedDataDir, runInitdb } from '../cluster/init'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { PostgresEngine } from '../engines/types'
import { ignoredError } from '../logger'
import { fsyncDir } from '../system/durable'
import { mkdirOwned } from '../system/fs-owned'
import { giveTreeTo } from '../system/project-users'
import type { RunAs } from '../system/run-as'
import { runCommand } from '../system/run-command'

export interface SpareDataDirsOptions {
  /** Where spares wait; must be on the projects' filesystem, so that taking one is a rename. */
  dir: string
  /** Owner of the spares until a project takes one (the platform's shared server account). */
  runAs: RunAs | null
  engineFor: (major: number) => PostgresEngine
  /** How many spares of each major to keep ready. */
  perMajor: number
}

const PARTIAL_SUFFIX = '.partial'

/**
 * Data directories initialised ahead of need: a new project takes one with a rename (a few milliseconds) instead of
 * waiting for initdb (1.5–2 s, several times that when the machine is busy), and the next spare is made at once, at
 * a lower CPU priority.
 *
 * Every spare is its own initdb run rather than a copy of one template, so every project keeps a unique
 * system_identifier: WAL and backups of two projects can never be mistaken for each other's, and Postgres refuses
 * to replay one cluster's WAL into another. A spare holds no secret: the platform superuser has no password (it logs
 * in only over the project's own socket) and the tenant's roles and passwords are set after the project took it.
 *
 * A spare's directory name carries its server version; spares of another version are thrown away, not used.
 * `<version>-<random>.partial` directories are initdb runs in progress or cut off by a crash, removed on the next
 * refill. Spares live only on disk, so a platform restart keeps them.
 */
export class SpareDataDirs {
  /** The refill in progress per major, so that one major is never filled twice at once. */
  private readonly filling = new Map<number, Promise<void>>()
  /** Creations waiting for the spare being made: woken when it is ready or the refill ends. */
  private readonly waiting = new Map<number, (() => void)[]>()

  constructor(private readonly options: SpareDataDirsOptions) {}

  private majorDir(major: number): string {
    return path.join(this.options.dir, String(major))
  }

  private async ready(engine: PostgresEngine): Promise<string[]> {
    const names = await readdir(this.majorDir(engine.major)).catch(() => [] as string[])
    return names.filter((name) => name.startsWith(`${engine.version}-`) && !name.endsWith(PARTIAL_SUFFIX))
  }

  /**
   * Moves a ready spare of `major` to `target` (absent, on the same filesystem), gives it to `owner` and starts
   * making the next one. With none ready but one being made, waits for that one. Returns false when there was none
   * to take: the caller runs initdb itself.
   */
  async take(major: number, target: string, owner: RunAs | null): Promise<boolean> {
    if (this.options.perMajor <= 0) return false
    let taken = await this.moveReady(major, target)
    // a spare half made finishes sooner than a new initdb competing with it for the CPU
    if (!taken && this.filling.has(major)) {
      await new Promise<void>((resolve) => this.waiting.set(major, [...(this.waiting.get(major) ?? []), resolve]))
      taken = await this.moveReady(major, target)
    }
    this.refill(major)
    if (!taken) return false
    if (owner) await giveTreeTo(target, owner)
    return true
  }

  private wake(major: number): void {
    for (const resolve of this.waiting.get(major) ?? []) resolve()
    this.waiting.delete(major)
  }

  private async moveReady(major: number, target: string): Promise<boolean> {
    const engine = this.options.engineFor(major)
    for (const name of await this.ready(engine)) {
      const spare = path.join(this.majorDir(major), name)
      if (!(await isInitializedDataDir(spare))) continue
      // two creations may pick the same spare: the rename decides, and the loser tries the next one
      const moved = await rename(spare, target).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false
          throw error
        },
      )
      if (moved) return true
    }
    return false
  }

  /** Starts filling `major` up to the configured count in the background, unless that runs already. */
  refill(major: number): void {
    if (this.options.perMajor <= 0 || this.filling.has(major)) return
    const work = this.fill(major)
      // a failed refill costs only speed: the next creation runs initdb itself and tries to refill again
      .catch(ignoredError('could not prepare a spare data directory', { major }))
      .finally(() => {
        this.filling.delete(major)
        this.wake(major)
      })
    this.filling.set(major, work)
  }

  /** Waits for refills in progress (before the data directory goes away, or at shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.filling.values()])
  }

  private async fill(major: number): Promise<void> {
    const engine = this.options.engineFor(major)
    const dir = this.majorDir(major)
    await mkdirOwned(this.options.dir, this.options.runAs, 0o700)
    await mkdirOwned(dir, this.options.runAs, 0o700)
    // leftovers: runs a crash cut off, and spares of a server version no longer in use
    for (const name of await readdir(dir)) {
      if (name.endsWith(PARTIAL_SUFFIX) || !name.startsWith(`${engine.version}-`)) {
        await rm(path.join(dir, name), { recursive: true, force: true })
      }
    }
    while ((await this.ready(engine)).length < this.options.perMajor) {
      const final = path.join(dir, `${engine.version}-${randomBytes(6).toString('hex')}`)
      const partial = `${final}${PARTIAL_SUFFIX}`
      try {
        await mkdirOwned(partial, this.options.runAs, 0o700)
        await runInitdb(engine, this.options.runAs, partial, { superuser: PLATFORM_SUPERUSER, background: true })
        // initdb ran with --no-sync: flush the spare before it counts as ready
        await runCommand('sync', ['-f', partial])
        await rename(partial, final)
        await fsyncDir(dir)
        this.wake(major)
      } catch (error) {
        await rm(partial, { recursive: true, force: true })
        throw error
      }
    }
  }
}

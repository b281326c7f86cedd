import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { mkdirOwned, writeFileOwned } from '../system/fs-owned'
import { removeTree } from '../system/remove-tree'
import type { RunAs } from '../system/run-as'
import { runCommand } from '../system/run-command'

const STAGING_PREFIX = '.pgfleet-backup-staging-'

/** Whether a process with this pid exists (EPERM = it exists but belongs to someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A directory beside the data directory holding the files an archive adds to it (manifest, backup_label,
 * empty pg_wal subdirectories). It belongs to the run-as user because tar runs as that user. Its name carries
 * the pid of the process that made it, so leftovers of a crashed platform are recognised and removed.
 */
export class Staging {
  private constructor(
    readonly dir: string,
    private readonly runAs: RunAs | null,
  ) {}

  static async create(dataDir: string, runAs: RunAs | null): Promise<Staging> {
    const parent = path.dirname(dataDir)
    await removeStaleStagings(parent)
    const dir = path.join(parent, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`)
    await mkdirOwned(dir, runAs, 0o700)
    return new Staging(dir, runAs)
  }

  async writeFile(name: string, content: string): Promise<void> {
    await writeFileOwned(path.join(this.dir, name), content, this.runAs, 0o600)
  }

  /**
   * An empty `pg_wal` with the given subdirectories, all 0700, made by the run-as user itself: the staging directory
   * is that user's, so root creating a path two levels down could follow a link planted in between.
   */
  async makeWalDir(subdirectories: string[]): Promise<void> {
    const walDir = path.join(this.dir, 'pg_wal')
    await mkdirOwned(walDir, this.runAs, 0o700)
    if (subdirectories.length === 0) return
    await runCommand('mkdir', ['-m', '700', '--', ...subdirectories.map((name) => path.join(walDir, name))], {
      runAs: this.runAs,
    })
  }

  async remove(): Promise<void> {
    await removeTree(this.dir)
  }
}

async function removeStaleStagings(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(STAGING_PREFIX)) continue
    const pid = Number(name.slice(STAGING_PREFIX.length).split('-')[0])
    // Another backup of this process, or of another live process, may still be using it.
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || processAlive(pid))) continue
    await removeTree(path.join(parent, name))
  }
}

import { randomBytes } from 'node:crypto'
import { chmod, chown, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RunAs } from '@pgfleet/engine'
import type { FunctionFile } from './validation'

const VERSION_DIR = /^v(\d+)$/
const PARTIAL_PREFIX = '.partial-'

/**
 * The files of deployed functions: `{root}/{ref}/{slug}/v{version}/...`. A version is written into a temporary
 * directory beside its final place and renamed, so a half-written version is never served. Files belong to the
 * platform's user; when the platform runs as root the project's worker user only gets read access through its
 * group, and other projects' workers none.
 */
export class FunctionStore {
  constructor(
    readonly root: string,
    /** the OS user of the project's workers (null when the platform is not root) */
    private readonly workerUser: (ref: string) => Promise<RunAs | null>,
  ) {}

  versionDir(ref: string, slug: string, version: number): string {
    return path.join(this.root, ref, slug, `v${version}`)
  }

  async writeVersion(ref: string, slug: string, version: number, files: FunctionFile[]): Promise<string> {
    const functionDir = path.join(this.root, ref, slug)
    const runAs = await this.workerUser(ref)
    for (const dir of [this.root, path.join(this.root, ref), functionDir]) {
      await mkdir(dir, { recursive: true })
      // the worker's user must pass through to its version directory, never list the others
      await chmod(dir, runAs ? 0o711 : 0o700)
    }
    const partial = path.join(functionDir, `${PARTIAL_PREFIX}${randomBytes(6).toString('hex')}`)
    const target = this.versionDir(ref, slug, version)
    try {
      await mkdir(partial, { mode: 0o700 })
      for (const file of files) {
        const destination = path.join(partial, ...file.name.split('/'))
        // validation already refused escaping names; this is the last line of defence
        if (!destination.startsWith(partial + path.sep)) throw new Error(`Refusing to write outside: ${file.name}`)
        await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 })
        await writeFile(destination, file.content, { mode: 0o600 })
      }
      await this.shareWithWorker(partial, runAs)
      // a version number left over by a deploy whose transaction rolled back is free to reuse
      await rm(target, { recursive: true, force: true })
      await rename(partial, target)
      return target
    } catch (error) {
      await rm(partial, { recursive: true, force: true })
      throw error
    }
  }

  /** Removes every version but the live one (and leftovers of interrupted writes). */
  async pruneVersions(ref: string, slug: string, liveVersion: number): Promise<void> {
    const functionDir = path.join(this.root, ref, slug)
    const entries = await readdir(functionDir).catch(() => [] as string[])
    for (const entry of entries) {
      const match = VERSION_DIR.exec(entry)
      const stale = entry.startsWith(PARTIAL_PREFIX) || (match && Number(match[1]) !== liveVersion)
      if (stale) await rm(path.join(functionDir, entry), { recursive: true, force: true })
    }
  }

  async removeFunction(ref: string, slug: string): Promise<void> {
    await rm(path.join(this.root, ref, slug), { recursive: true, force: true })
  }

  async removeProject(ref: string): Promise<void> {
    await rm(path.join(this.root, ref), { recursive: true, force: true })
  }

  /** Every file of a version, names relative to its directory, sorted. */
  async readVersion(ref: string, slug: string, version: number): Promise<FunctionFile[]> {
    const base = this.versionDir(ref, slug, version)
    const entries = await readdir(base, { recursive: true, withFileTypes: true })
    const files: FunctionFile[] = []
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const full = path.join(entry.parentPath, entry.name)
      files.push({ name: path.relative(base, full).split(path.sep).join('/'), content: await readFile(full) })
    }
    return files.sort((a, b) => a.name.localeCompare(b.name))
  }

  /** root:worker-group, directories 0750 and files 0640: the worker reads its code but cannot change it. */
  private async shareWithWorker(dir: string, runAs: RunAs | null): Promise<void> {
    if (!runAs) return
    const { gid } = runAs
    await chown(dir, process.getuid?.() ?? 0, gid)
    await chmod(dir, 0o750)
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const full = path.join(entry.parentPath, entry.name)
      await chown(full, process.getuid?.() ?? 0, gid)
      await chmod(full, entry.isDirectory() ? 0o750 : 0o640)
    }
  }
}

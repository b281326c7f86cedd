import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.test',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.test',
}

/** A local bare repository (served as file://) and a working copy to commit to it, for branching tests. */
export class TestRepository {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-git-test-'))
  readonly bare = path.join(this.root, 'acme', 'shop.git')
  private readonly work = path.join(this.root, 'work')

  constructor() {
    // git runs as its own OS user when the platform is root: the repository must be readable by others
    chmodSync(this.root, 0o755)
    mkdirSync(path.dirname(this.bare), { recursive: true })
    this.git(this.root, 'init', '--quiet', '--bare', '--initial-branch=main', this.bare)
    this.git(this.root, 'clone', '--quiet', this.bare, this.work)
    this.git(this.work, 'checkout', '--quiet', '-b', 'main')
  }

  get url(): string {
    return `file://${this.bare}`
  }

  private git(cwd: string, ...args: string[]): string {
    return execFileSync('git', args, { cwd, env: GIT_ENV, stdio: ['ignore', 'pipe', 'pipe'] }).toString('utf8')
  }

  /** Writes (or with null removes) files, commits and pushes them to `branch` (created from the current one). */
  commit(branch: string, files: Record<string, string | null>): void {
    const branches = this.git(this.work, 'branch', '--list', branch)
    if (branches.trim() === '') this.git(this.work, 'checkout', '--quiet', '-b', branch)
    else this.git(this.work, 'checkout', '--quiet', branch)
    for (const [file, content] of Object.entries(files)) {
      const full = path.join(this.work, file)
      if (content === null) rmSync(full, { force: true })
      else {
        mkdirSync(path.dirname(full), { recursive: true })
        writeFileSync(full, content)
      }
    }
    this.git(this.work, 'add', '--all')
    this.git(this.work, 'commit', '--quiet', '--allow-empty', '-m', `change ${branch}`)
    this.git(this.work, 'push', '--quiet', 'origin', branch)
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

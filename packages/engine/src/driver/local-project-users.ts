import { stat } from 'node:fs/promises'
import path from 'node:path'
import { clusterPid } from '../cluster/pid-file'
import { stopCluster } from '../cluster/stop'
import { giveTreeTo, projectUserName, removeSystemUser, resolveProjectUser } from '../system/project-users'
import type { RunAs } from '../system/run-as'
import type { LocalProjectPaths } from './local-paths'

export interface ProjectUsersOptions {
  /** The account servers run as without isolation; null when the platform is not root (it cannot switch users). */
  runAs: RunAs | null
  /** Give every project its own OS user (`pgfp_<ref>`) when runAs is set. */
  isolateProjects: boolean
  /** Logs live outside the project directory, so their folder is handed over separately. */
  separateLogDir: boolean
  paths: (ref: string) => LocalProjectPaths
}

/**
 * The OS user each project's server runs as. With isolation, a server-level escape reaches only its own project's
 * files: each project gets a user of its own, created (and handed the project's files) on first use.
 */
export class LocalProjectUsers {
  /** resolved (and files handed over) once per process */
  private readonly users = new Map<string, RunAs | null>()

  constructor(private readonly options: ProjectUsersOptions) {}

  isolating(): boolean {
    return this.options.runAs !== null && this.options.isolateProjects
  }

  /** The project's user; known once `resolve` ran for the project in this process. */
  runAsOf(ref: string): RunAs | null {
    if (!this.isolating()) return this.options.runAs
    const user = this.users.get(ref)
    if (!user) throw new Error(`Project ${ref}: its OS user was not resolved before use`)
    return user
  }

  /**
   * Creates the project's OS user when missing and hands it the project's files (except the platform-owned
   * backups), stopping a server that still runs as another user (one started by an earlier version).
   */
  async resolve(ref: string): Promise<RunAs | null> {
    if (!this.isolating()) return this.options.runAs
    const known = this.users.get(ref)
    if (known) return known
    const user = await resolveProjectUser(ref)
    if (!user) return null
    const { projectDir, dataDir, logFile } = this.options.paths(ref)
    const info = await stat(projectDir).catch(() => null)
    if (info && info.uid !== user.uid) {
      if ((await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast')
      await giveTreeTo(projectDir, user, ['backups'])
      if (this.options.separateLogDir) await giveTreeTo(path.dirname(logFile), user)
    }
    this.users.set(ref, user)
    return user
  }

  /** Removes the project's OS user (its files are gone already). */
  async remove(ref: string): Promise<void> {
    if (!this.isolating()) return
    await removeSystemUser(projectUserName(ref))
    this.users.delete(ref)
  }
}

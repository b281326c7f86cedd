import { projectUserName, removeSystemUser, resolveProjectUser } from '../system/project-users'
import type { RunAs } from '../system/run-as'
import type { LocalProjectPaths } from './local-paths'
import { secureProjectLayout } from './project-layout'

export interface ProjectUsersOptions {
  /** The account servers run as without isolation; null when the platform is not root (it cannot switch users). */
  runAs: RunAs | null
  /** Give every project its own OS user (`pgfp_<ref>`) when runAs is set. */
  isolateProjects: boolean
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
   * Creates the project's OS user when missing and brings its directory to the current layout (see
   * secureProjectLayout): the platform owns the project directory, the server's user only what the server writes.
   */
  async resolve(ref: string): Promise<RunAs | null> {
    if (!this.options.runAs) return null
    const known = this.users.get(ref)
    if (known) return known
    const user = this.isolating() ? await resolveProjectUser(ref) : this.options.runAs
    if (!user) return null
    await secureProjectLayout(this.options.paths(ref), user)
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

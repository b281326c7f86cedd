/** How a LocalDriver is set up: where projects live, who their servers run as, which engines it has. */
import type { SuperuserLogin } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import type { EngineLogger } from '../logger'
import type { RunAs } from '../system/run-as'

export interface LocalDriverOptions {
  /** Directory holding one subdirectory per project, e.g. DATA/projects. */
  dataDir: string
  /** Set when the platform runs as root (servers must not): the account servers run as without isolation. */
  runAs: RunAs | null
  /**
   * With runAs set: give every project its own OS user (`pgfp_<ref>`), so that a server-level escape reaches
   * only its own project's files. Default true.
   */
  isolateProjects?: boolean
  engines: PostgresEngine[]
  /** Address project servers listen on, e.g. '127.0.0.1'. */
  listenAddress: string
  /** Put logs in `${logDir}/${ref}/postgres.log` instead of the project directory. */
  logDir?: string
  startTimeoutMs?: number
  /**
   * Data directories of each major to keep initialised ahead of need, so a new project skips initdb (default 0:
   * none). Spares wait under `${dataDir}/.spare-data-dirs`.
   */
  spareDataDirs?: number
  /**
   * How the platform superuser logs in over a project's socket. Default: `peer` from the platform's own OS user when
   * the servers run as other users (the platform is root), else `password` (the platform's password).
   */
  superuserLogin?: SuperuserLogin
  /** Where the engine logs (errors it ignores on purpose, at debug); silent when not given. */
  log?: EngineLogger
}

/** Directory under the projects' data directory holding spare data directories (not a valid ref: no project has it). */
export const SPARES_DIR_NAME = '.spare-data-dirs'

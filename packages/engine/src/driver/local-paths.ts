import path from 'node:path'

export interface LocalProjectPaths {
  projectDir: string
  dataDir: string
  socketDir: string
  logFile: string
  /** Archives of the project (owned by the platform's user, mode 0700). */
  backupsDir: string
  /** Archived WAL segments (written by the project's server, so owned by its user). */
  walArchiveDir: string
}

/** A ref is also a directory name and part of an OS user name: nothing that could climb out of the data directory. */
export const REF_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/

export function assertValidRef(ref: string): void {
  if (!REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${JSON.stringify(ref)}`)
}

/** Where a project's files live: `${dataDir}/${ref}/…`, logs optionally under `${logDir}/${ref}/`. */
export function localProjectPaths(dataDir: string, logDir: string | undefined, ref: string): LocalProjectPaths {
  assertValidRef(ref)
  const projectDir = path.join(dataDir, ref)
  const projectLogDir = logDir ? path.join(logDir, ref) : path.join(projectDir, 'log')
  return {
    projectDir,
    dataDir: path.join(projectDir, 'pgdata'),
    socketDir: path.join(projectDir, 'run'),
    logFile: path.join(projectLogDir, 'postgres.log'),
    backupsDir: path.join(projectDir, 'backups'),
    walArchiveDir: path.join(projectDir, 'wal-archive'),
  }
}

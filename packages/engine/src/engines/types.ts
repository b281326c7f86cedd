export const SERVER_TOOLS = ['initdb', 'pg_ctl', 'postgres'] as const
export const CLIENT_TOOLS = [
  'pg_dump',
  'pg_restore',
  'pg_dumpall',
  'pg_basebackup',
  'pg_upgrade',
  'psql',
  'vacuumdb',
] as const

export type ServerTool = (typeof SERVER_TOOLS)[number]
export type ClientTool = (typeof CLIENT_TOOLS)[number]

/** Absolute paths of the programs of one major; client tools are absent when no install of that major has them. */
export type EngineTools = Record<ServerTool, string> & Partial<Record<ClientTool, string>>

export interface PostgresEngine {
  major: number
  /** Exact server version, e.g. "17.10". */
  version: string
  /** Directory of the server binaries (initdb, pg_ctl, postgres). */
  binDir: string
  libDir?: string
  /** Where the server binaries come from: an npm package or an install on the host. */
  source: 'embedded' | 'system'
  tools: EngineTools
}

export interface DiscoverEnginesOptions {
  /** More directories holding Postgres binaries (treated like system installs). */
  extraBinDirs?: string[]
  /**
   * Where to copy an embedded package's binaries when the unprivileged run-as user could not reach them
   * (e.g. a checkout under /root). Only used when running as root.
   */
  enginesCacheDir?: string
}

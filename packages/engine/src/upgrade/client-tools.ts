import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { settingsPort } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'

/** How the client tools reach a cluster: its unix socket, as the platform superuser unless told otherwise. */
export const connectionArgs = (
  location: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  user: string = PLATFORM_SUPERUSER,
) => ['--host', location.socketDir, '--port', String(settingsPort(location)), '--username', user, '--dbname', database]

/** The client programs an upgrade needs, from the source's major (they read its catalog). */
export function dumpTools(source: Pick<PostgresEngine, 'tools'>): DumpTools | null {
  const { pg_dump: pgDump, pg_restore: pgRestore } = source.tools
  return pgDump && pgRestore ? { pgDump, pgRestore } : null
}

export interface DumpTools {
  pgDump: string
  pgRestore: string
}

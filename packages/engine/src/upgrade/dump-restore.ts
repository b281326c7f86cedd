import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { settingsPort } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import { runCommand } from '../system/run-command'

/** The client programs a dump-and-restore upgrade needs, from the source's major (they read its catalog). */
export function dumpTools(source: Pick<PostgresEngine, 'tools'>): { pgDump: string; pgRestore: string } | null {
  const { pg_dump: pgDump, pg_restore: pgRestore } = source.tools
  return pgDump && pgRestore ? { pgDump, pgRestore } : null
}

const connectionArgs = (location: Pick<ClusterLocation, 'socketDir' | 'port'>, database: string) => [
  '--host',
  location.socketDir,
  '--port',
  String(settingsPort(location)),
  '--username',
  PLATFORM_SUPERUSER,
  '--dbname',
  database,
]

/**
 * Copies one database from a running cluster into a running cluster of a newer major: `pg_dump -Fd -j2` of
 * the source (uncompressed), then `pg_restore -j2 --exit-on-error` into the (empty, existing) target database. Both run as the
 * platform superuser over the clusters' unix sockets. Answers the time of each half.
 */
export async function dumpAndRestore(
  tools: { pgDump: string; pgRestore: string },
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
): Promise<{ dumpMs: number; restoreMs: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-upgrade-'))
  // a directory dump, so both halves run two jobs; uncompressed, as it lives only until the restore
  const file = path.join(dir, 'dump')
  try {
    const started = performance.now()
    await runCommand(
      tools.pgDump,
      ['--format=directory', '--jobs=2', '--compress=0', '--file', file, ...connectionArgs(source, database)],
      {
        timeoutMs: 6 * 3600_000,
      },
    )
    const dumped = performance.now()
    await runCommand(tools.pgRestore, ['--jobs=2', '--exit-on-error', ...connectionArgs(target, database), file], {
      timeoutMs: 6 * 3600_000,
    })
    return { dumpMs: Math.round(dumped - started), restoreMs: Math.round(performance.now() - dumped) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Copies one database's schema only (no rows) into the new cluster's empty database, for logical replication
 * to fill: `pg_dump --schema-only` of the source, then `pg_restore --exit-on-error`.
 */
export async function copySchema(
  tools: { pgDump: string; pgRestore: string },
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-upgrade-schema-'))
  const file = path.join(dir, 'schema.dump')
  try {
    await runCommand(
      tools.pgDump,
      ['--schema-only', '--format=custom', '--file', file, ...connectionArgs(source, database)],
      {
        timeoutMs: 3600_000,
      },
    )
    await runCommand(tools.pgRestore, ['--exit-on-error', ...connectionArgs(target, database), file], {
      timeoutMs: 3600_000,
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

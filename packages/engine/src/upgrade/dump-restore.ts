import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { withClient } from '../cluster/client'
import type { ClusterLocation, ClusterSpec } from '../cluster/types'
import { ignoredError } from '../logger'
import { runCommand } from '../system/run-command'
import { analyzeAsOwners } from './analyze-as-owners'
import { connectionArgs, type DumpTools } from './client-tools'
import { openOwnerRestore } from './restore-sections'
import { eachWithLimit, exactTablePattern, pipeMaker, streamTable, tablesToStream } from './stream-tables'

/** Tables from this size up move by a direct COPY stream; smaller ones go through the dump with everything else. */
const STREAM_MIN_BYTES = 8 * 1024 ** 2
/** COPY streams at once: one per core of a small host, each busy on both clusters. */
const PARALLEL_STREAMS = 2
const TOOL_TIMEOUT_MS = 6 * 3600_000
const SCHEMA_TIMEOUT_MS = 3600_000

/**
 * Copies one database from a running cluster (clients cut off) into a running cluster of a newer major, its empty
 * database already created:
 * - `pg_dump` of everything (schema, large objects, sequence values, the rows of small tables) except the rows of the
 *   large tables, uncompressed;
 * - `pg_restore` of its pre-data section (tables without indexes, constraints or triggers);
 * - the large tables' rows by direct COPY streams from the source's server to the target's through named pipes, two
 *   at a time, while the dump's own rows are restored; reading and writing run at once, and no copy of the data
 *   lands on disk between them;
 * - `pg_restore -j2` of its post-data section: indexes, constraints and triggers are built on the loaded tables;
 * - statistics rebuilt, each owner's tables by that owner (see analyzeAsOwners).
 * The dump and the streams run as the platform superuser over the clusters' unix sockets; only tables into which a
 * COPY runs no tenant code stream (see tablesToStream). The restore runs tenant code only in sessions logged in as
 * the owner of the object it belongs to (see openOwnerRestore). Both clusters run as the target's OS user. Answers
 * the time of each half and the rows each stream copied. `streamMinBytes` overrides the size from which a table
 * streams (tests stream every table).
 */
export async function dumpAndRestore(
  tools: DumpTools,
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterSpec, 'socketDir' | 'port' | 'runAs'>,
  database: string,
  options: { streamMinBytes?: number } = {},
): Promise<{ dumpMs: number; restoreMs: number; rowsCopied: Map<string, number> }> {
  // the dump (tenant data) stays in a directory only the platform reads; the pipes get one the servers can open
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-upgrade-'))
  const pipeDir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-upgrade-pipes-'))
  const file = path.join(dir, 'database.dump')
  try {
    const started = performance.now()
    const streamed = await withClient(
      source,
      (client) => tablesToStream(client, options.streamMinBytes ?? STREAM_MIN_BYTES),
      { database },
    )
    await runCommand(
      tools.pgDump,
      [
        '--format=custom',
        '--compress=0',
        ...streamed.map((table) => `--exclude-table-data=${exactTablePattern(table)}`),
        '--file',
        file,
        ...connectionArgs(source, database),
      ],
      { timeoutMs: TOOL_TIMEOUT_MS },
    )
    const dumped = performance.now()
    const restore = await openOwnerRestore(tools, source, target, database, file, {
      listDir: dir,
      timeoutMs: TOOL_TIMEOUT_MS,
    })
    const rowsCopied = new Map<string, number>()
    try {
      await restore.section('pre-data')
      const nextPipe = await pipeMaker(pipeDir, target.runAs)
      const outcomes = await Promise.allSettled([
        restore.section('data'),
        eachWithLimit(streamed, PARALLEL_STREAMS, async (table) => {
          rowsCopied.set(table.name, await streamTable(source, target, database, table, await nextPipe()))
        }),
      ])
      const failure = outcomes.find((outcome) => outcome.status === 'rejected')
      if (failure) throw failure.reason
      await restore.section('post-data', { jobs: 2 })
    } catch (error) {
      // the restore's own failure is the one to report
      await restore.close().catch(ignoredError('could not close pg_restore after a failed restore', { database }))
      throw error
    }
    await restore.close()
    await analyzeAsOwners(target, database)
    return { dumpMs: Math.round(dumped - started), restoreMs: Math.round(performance.now() - dumped), rowsCopied }
  } finally {
    await rm(dir, { recursive: true, force: true })
    await rm(pipeDir, { recursive: true, force: true })
  }
}

/**
 * Copies one database's schema only (no rows) into the new cluster's empty database, for logical replication
 * to fill: `pg_dump --schema-only` of the source, then its restore, where whatever evaluates tenant code (index
 * builds, validated constraints) runs logged in as the object's owner, as in dumpAndRestore.
 */
export async function copySchema(
  tools: DumpTools,
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
      { timeoutMs: SCHEMA_TIMEOUT_MS },
    )
    const restore = await openOwnerRestore(tools, source, target, database, file, {
      listDir: dir,
      timeoutMs: SCHEMA_TIMEOUT_MS,
    })
    try {
      await restore.section('pre-data')
      await restore.section('post-data')
    } catch (error) {
      await restore.close().catch(ignoredError('could not close pg_restore after a failed schema copy', { database }))
      throw error
    }
    await restore.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

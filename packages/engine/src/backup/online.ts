import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { withClient } from '../cluster/client'
import { clusterPid, readPidFile } from '../cluster/pid-file'
import { directoryUsage } from '../system/disk-usage'
import { startArchive } from './archive-start'
import { ALWAYS_EXCLUDED, assertEngineMatches, assertNoTablespaces, dataDirMajor, writeSidecar } from './cold'
import { parseLsn, readControlFile, readWalDirectory, walFileName, walFileRange } from './pg-control'
import { Staging } from './staging'
import type { TarArchiveWriter } from './tar-writer'
import {
  type ArchiveOptions,
  type ArchiveResult,
  type BackupSidecar,
  MANIFEST_NAME,
  type OnlineArchiveSource,
  reportProgress,
} from './types'

/**
 * What pg_basebackup leaves out of a running cluster besides pg_wal: contents the server recreates at start
 * (or that belong to the running instance), and files that would make the copy start as something else.
 */
const ONLINE_EXCLUDED = [
  ...ALWAYS_EXCLUDED,
  './backup_label',
  './tablespace_map',
  './backup_manifest',
  './recovery.signal',
  './standby.signal',
  './pg_replslot/*',
  './pg_dynshmem/*',
  './pg_notify/*',
  './pg_serial/*',
  './pg_snapshots/*',
  './pg_stat_tmp/*',
  './pg_subtrans/*',
]
const ONLINE_EXCLUDED_ANYWHERE = ['pgsql_tmp*', 'pg_internal.init']

/** tar prints this member (staging's empty pg_wal) right after the data directory: everything is read by then. */
const DATA_DONE_MARKER = 'pg_wal/'

interface BackupStart {
  lsn: string
  walfile: string
  segment_size: string
}

interface BackupStop {
  lsn: string
  labelfile: string
  spcmapfile: string | null
  walfile: string
}

/**
 * Base backup of a running cluster with the low-level API, in one session:
 * 1. a temporary physical replication slot, so the server keeps every WAL segment from here on (it is dropped
 *    with the session, whatever happens);
 * 2. `pg_backup_start(label, fast => true)`;
 * 3. tar of the data directory without pg_wal/*, postmaster.pid/opts and what the server recreates (exit 1,
 *    "file changed as we read it", is expected: replaying the WAL repairs those pages);
 * 4. `pg_backup_stop(false)`: the archive carries the WAL it needs itself, so it never waits for a WAL archive (a
 *    broken archive_command would otherwise hold the backup forever);
 * 5. backup_label (and tablespace_map when there is one) and the WAL segments from the start LSN's through the
 *    stop LSN's, read from pg_wal, go into the same archive.
 * The archive is self-contained: extracted, it starts with `postgres -D` and replays that WAL to a consistent
 * state holding every transaction committed before pg_backup_stop. Clusters with tablespaces are refused.
 */
export async function onlineBaseBackup(
  source: OnlineArchiveSource,
  outFile: string,
  options: ArchiveOptions = {},
): Promise<ArchiveResult> {
  const started = performance.now()
  const { dataDir } = source
  reportProgress(options.onProgress, 'checking server')
  const pid = await clusterPid(source)
  if (pid === null) throw new Error(`The cluster in ${dataDir} is not running; archive it with archiveStoppedCluster`)
  assertEngineMatches(dataDir, await dataDirMajor(dataDir), source.engine.major)
  await assertNoTablespaces(dataDir)
  const pidFile = await readPidFile(dataDir)
  const location = { socketDir: pidFile?.socketDir || source.socketDir, port: pidFile?.port || source.port }

  return withClient(location, async (client) => {
    const { rows: checks } = await client.query<{ recovery: boolean; wal_level: string }>(
      "SELECT pg_is_in_recovery() AS recovery, current_setting('wal_level') AS wal_level",
    )
    if (checks[0]?.recovery) throw new Error('Online backups of a server in recovery are not supported')
    if (checks[0]?.wal_level === 'minimal') throw new Error('Online backups need wal_level = replica or logical')
    const slot = `pgfleet_backup_${randomBytes(6).toString('hex')}`
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])

    const createdAt = new Date().toISOString()
    reportProgress(options.onProgress, 'starting backup')
    const { rows: startRows } = await client.query<BackupStart>(
      `SELECT lsn::text AS lsn, pg_walfile_name(lsn) AS walfile,
              (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment_size
       FROM pg_backup_start($1, true) AS lsn`,
      [`pgfleet ${createdAt}`],
    )
    const start = startRows[0]
    if (!start) throw new Error('pg_backup_start returned nothing')
    const segmentSize = Number(start.segment_size)
    // pg_walfile_name maps an LSN on a segment boundary to the segment before; the start needs its own.
    const firstSegment = walFileName(Number.parseInt(start.walfile.slice(0, 8), 16), parseLsn(start.lsn), segmentSize)

    const [usage, walUsage, wal, control] = await Promise.all([
      directoryUsage(dataDir),
      directoryUsage(path.join(dataDir, 'pg_wal')),
      readWalDirectory(dataDir),
      readControlFile(dataDir),
    ])
    const size = usage.bytes - walUsage.bytes
    const staging = await Staging.create(dataDir, source.runAs)
    let writer: TarArchiveWriter | null = null
    try {
      const opened = await startArchive({
        outFile,
        source,
        options,
        staging,
        tar: { excludes: ONLINE_EXCLUDED, unanchoredExcludes: ONLINE_EXCLUDED_ANYWHERE, live: true },
        size,
        progressCap: 0.95,
        manifest: {
          kind: 'online',
          created_at: createdAt,
          system_identifier: control.systemIdentifier,
          checkpoint_lsn: start.lsn,
        },
        walSubdirectories: wal.subdirectories,
      })
      writer = opened.writer
      const { manifest } = opened
      const dataDone = writer.expectMember(DATA_DONE_MARKER)
      writer.add(staging.dir, [MANIFEST_NAME])
      writer.add(dataDir, ['.'])
      writer.add(staging.dir, ['pg_wal'])
      await dataDone

      reportProgress(options.onProgress, 'stopping backup')
      const { rows: stopRows } = await client.query<BackupStop>(
        'SELECT lsn::text AS lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS walfile FROM pg_backup_stop(false)',
      )
      const stop = stopRows[0]
      if (!stop) throw new Error('pg_backup_stop returned nothing')
      const extras = ['backup_label']
      await staging.writeFile('backup_label', stop.labelfile)
      if (stop.spcmapfile) {
        await staging.writeFile('tablespace_map', stop.spcmapfile)
        extras.push('tablespace_map')
      }
      const segments = walFileRange(firstSegment, stop.walfile, segmentSize)
      const { historyFiles } = await readWalDirectory(dataDir)
      reportProgress(options.onProgress, 'archiving WAL', 0.95)
      writer.add(staging.dir, extras)
      writer.add(
        dataDir,
        [...segments, ...historyFiles].map((name) => `pg_wal/${name}`),
      )
      const finishing = writer.finish()
      writer = null
      const { bytes } = await finishing

      const sidecar: BackupSidecar = { ...manifest, archive_bytes: bytes, stop_lsn: stop.lsn }
      await writeSidecar(outFile, sidecar)
      reportProgress(options.onProgress, 'archived', 1)
      return {
        file: outFile,
        bytes,
        kind: 'online' as const,
        createdAt,
        manifest: sidecar,
        durationMs: Math.round(performance.now() - started),
      }
    } finally {
      // Ending the session (withClient) aborts a backup still in progress and drops the temporary slot.
      await writer?.abort()
      await staging.remove()
    }
  })
}

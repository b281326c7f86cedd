import { randomBytes } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import { withClient } from '../cluster/client'
import { readPidFile } from '../cluster/pid-file'
import type { ClusterLocation } from '../cluster/types'
import { copyFileNoFollow, copyTreeNoFollow } from '../system/copy-no-follow'
import { descriptorPath, openDirectoryNoFollow } from '../system/no-follow'
import { giveTreeTo } from '../system/project-users'
import { removeTree } from '../system/remove-tree'
import type { RunAs } from '../system/run-as'
import { listWalDirectory, parseLsn, walFileName, walFileRange } from './pg-control'
import type { CloneMethod, CloneResult } from './types'

/**
 * Top-level entries a copy leaves out: the server's own run files, WAL (copied separately, only the segments the
 * copy needs) and directories whose contents are rebuilt at start.
 */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'pg_wal'])
const EMPTIED = ['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']

/** Whether this filesystem shares blocks between copies (XFS, btrfs): tried once on a small file. */
async function reflinkWorks(sourceDir: string, targetDir: string): Promise<boolean> {
  const probe = path.join(targetDir, `.reflink-probe-${randomBytes(4).toString('hex')}`)
  try {
    await copyFileNoFollow(path.join(sourceDir, 'PG_VERSION'), probe, { reflink: true })
    return true
  } catch {
    return false
  } finally {
    await rm(probe, { force: true })
  }
}

/**
 * A startable copy of a running cluster, made like a base backup (pg_backup_start, copy, pg_backup_stop, the WAL
 * in between) but file by file into a data directory: blocks are shared where the filesystem offers copy-on-write,
 * copied otherwise. Starting the copy replays that WAL and gives the source's data as of the end of the copy.
 * `targetDataDir` must not exist; it appears complete or not at all. The source's server user writes its data
 * directory while root copies it, so nothing there is followed: pg_wal is opened once without following a link (a
 * linked pg_wal is refused) and every file is read through the no-follow copy.
 */
export async function cloneRunningCluster(
  source: Pick<ClusterLocation, 'dataDir' | 'socketDir' | 'port'>,
  targetDataDir: string,
  owner: RunAs | null,
): Promise<CloneResult> {
  const started = performance.now()
  const pidFile = await readPidFile(source.dataDir)
  if (!pidFile) throw new Error('The source database is not running: a copy with data needs it running')
  const location = { socketDir: pidFile.socketDir || source.socketDir, port: pidFile.port || source.port }
  const partial = `${targetDataDir}.clone-partial`
  await removeTree(partial)
  await mkdir(partial, { recursive: true, mode: 0o700 })
  try {
    const walDir = await openDirectoryNoFollow(path.join(source.dataDir, 'pg_wal'))
    let method: CloneMethod
    try {
      method = await withClient(location, (client) => copyDuringBackup(client, source.dataDir, walDir, partial))
    } finally {
      await walDir.close()
    }
    if (owner) await giveTreeTo(partial, owner)
    await chmod(partial, 0o700)
    await rename(partial, targetDataDir)
    return { method, durationMs: Math.round(performance.now() - started) }
  } catch (error) {
    await removeTree(partial)
    throw error
  }
}

/** The copy between pg_backup_start and pg_backup_stop, then the WAL segments it needs (read through `walDir`). */
async function copyDuringBackup(
  client: pg.Client,
  sourceDataDir: string,
  walDir: FileHandle,
  partial: string,
): Promise<CloneMethod> {
  const slot = `pgfleet_clone_${randomBytes(6).toString('hex')}`
  // keeps the WAL the copy needs from being recycled while it runs (dropped with the session)
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
  const { rows: startRows } = await client.query<{ lsn: string; walfile: string; segment_size: string }>(
    `SELECT lsn::text AS lsn, pg_walfile_name(lsn) AS walfile,
            (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment_size
     FROM pg_backup_start($1, true) AS lsn`,
    [`pgfleet clone ${new Date().toISOString()}`],
  )
  const start = startRows[0]
  if (!start) throw new Error('pg_backup_start returned nothing')
  const segmentSize = Number(start.segment_size)
  const firstSegment = walFileName(Number.parseInt(start.walfile.slice(0, 8), 16), parseLsn(start.lsn), segmentSize)

  const method: CloneMethod = (await reflinkWorks(sourceDataDir, partial)) ? 'reflink' : 'copy'
  await copyTreeNoFollow(sourceDataDir, partial, {
    reflink: method === 'reflink',
    include: (name) => !SKIPPED.has(name) && !EMPTIED.includes(name),
  })

  const { rows: stopRows } = await client.query<{ labelfile: string; walfile: string }>(
    'SELECT labelfile, pg_walfile_name(lsn) AS walfile FROM pg_backup_stop(false)',
  )
  const stop = stopRows[0]
  if (!stop) throw new Error('pg_backup_stop returned nothing')
  await writeFile(path.join(partial, 'backup_label'), stop.labelfile, { mode: 0o600 })
  for (const name of [...EMPTIED, 'pg_wal']) await mkdir(path.join(partial, name), { mode: 0o700 })
  const wal = await listWalDirectory(descriptorPath(walDir))
  for (const name of wal.subdirectories) await mkdir(path.join(partial, 'pg_wal', name), { mode: 0o700 })
  for (const name of [...walFileRange(firstSegment, stop.walfile, segmentSize), ...wal.historyFiles]) {
    await copyFileNoFollow(path.join(descriptorPath(walDir), name), path.join(partial, 'pg_wal', name), {
      reflink: false,
    })
  }
  return method
}

import { logIgnoredError } from '../../logger'
import type { ProjectDiskReading, ProjectResourceReading } from '../types'
import type { KubernetesContext } from './context'
import { isClusterReady } from './status'

/**
 * What the server holds on its volume, as Postgres itself reports it: every database, the WAL directory (segments
 * replication slots hold back included) and the temporary files of running queries. Archived WAL is in the object
 * store, not on the volume.
 */
const DISK_SQL = `select
  (select coalesce(sum(pg_catalog.pg_database_size(oid)), 0) from pg_catalog.pg_database)::text as databases,
  (select coalesce(sum(size), 0) from pg_catalog.pg_ls_waldir())::text as wal,
  (select coalesce(sum(size), 0) from pg_catalog.pg_ls_tmpdir())::text as temp`

/**
 * The project's disk, measured now on its primary as the platform superuser. A hibernated project has no server to
 * ask (its volume stays, unchanged since it stopped): that is an error with the reason.
 */
export async function measureDisk(k: KubernetesContext, ref: string): Promise<ProjectDiskReading> {
  const { cluster } = await k.currentCluster(ref)
  if (!cluster || !isClusterReady(cluster)) {
    throw new Error(`Project ${ref}'s disk is measured while its database runs, and it is not running now`)
  }
  const [row] = await k.sql(ref, DISK_SQL)
  const databaseBytes = Number(row?.databases ?? 0)
  const walBytes = Number(row?.wal ?? 0)
  const tempBytes = Number(row?.temp ?? 0)
  return {
    totalBytes: databaseBytes + walBytes + tempBytes,
    databaseBytes,
    walBytes,
    tempBytes,
    walArchiveBytes: 0,
    estimated: false,
  }
}

/**
 * Disk readings of the projects whose database serves now. CPU and memory are the cluster's metrics pipeline's
 * to report (the pods are not the platform's processes), so `processes` is null. A project that is not running,
 * or whose server does not answer, gets no reading this time, like a local project being created.
 */
export async function diskReadings(
  k: KubernetesContext,
  refs: string[],
): Promise<Record<string, ProjectResourceReading>> {
  const readings: Record<string, ProjectResourceReading> = {}
  await Promise.all(
    refs.map(async (ref) => {
      const disk = await measureDisk(k, ref).catch((error: unknown) => {
        // a project that cannot be measured now is left out of this reading, and measured with the next
        logIgnoredError('could not measure the disk of a project', error, { ref })
        return null
      })
      if (disk) readings[ref] = { readAt: Date.now(), disk, processes: null }
    }),
  )
  return readings
}

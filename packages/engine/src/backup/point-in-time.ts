import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { withClient } from '../cluster/client'
import { readLogTail } from '../cluster/log-tail'
import { clusterPid } from '../cluster/pid-file'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { writeClusterSettings } from '../cluster/settings'
import { defaultLogFile, startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterLocation, ClusterSpec } from '../cluster/types'
import { logIgnoredError } from '../logger'
import { writeFileOwned } from '../system/fs-owned'
import { restoreCommand } from './wal-archive'

const POLL_MS = 100
export const DEFAULT_RECOVERY_TIMEOUT_MS = 10 * 60_000

/** Postgres reads a recovery target as a timestamp with a time zone; UTC keeps it exact to the millisecond. */
export function recoveryTargetTime(target: Date): string {
  return `${target.toISOString().replace('T', ' ').replace('Z', '')}+00`
}

/**
 * Replays an extracted base backup (in `spec.dataDir`, not the live one) with WAL from `archiveDir` up to
 * `target`, promotes it to a new timeline and stops it cleanly, ready to be swapped in. Commits at the target
 * instant are kept. The server runs on a socket of its own and keeps archiving, so the new timeline's history
 * reaches the archive for later recoveries. Fails with the server's own words when the archive does not reach
 * the target.
 */
export async function recoverToTime(
  spec: ClusterSpec,
  archiveDir: string,
  target: Date,
  timeoutMs = DEFAULT_RECOVERY_TIMEOUT_MS,
): Promise<{ recoveryMs: number }> {
  const started = performance.now()
  await writeFileOwned(path.join(spec.dataDir, 'recovery.signal'), '', spec.runAs)
  const recovering: ClusterSpec = {
    ...spec,
    settings: {
      ...spec.settings,
      restore_command: restoreCommand(archiveDir),
      recovery_target_time: recoveryTargetTime(target),
      recovery_target_inclusive: true,
      recovery_target_timeline: 'latest',
      recovery_target_action: 'promote',
    },
  }
  await writeClusterSettings(recovering)
  const deadline = Date.now() + timeoutMs
  await startCluster(recovering, { timeoutMs })
  try {
    while (await inRecovery(recovering)) {
      if ((await clusterPid(recovering)) === null) {
        const log = await readLogTail(recovering.logFile ?? defaultLogFile(recovering))
        throw new Error(`Recovery to ${target.toISOString()} stopped: ${lastError(log)}`)
      }
      if (Date.now() > deadline) throw new Error(`Recovery to ${target.toISOString()} did not finish in time`)
      await sleep(POLL_MS)
    }
  } finally {
    await stopCluster(recovering, 'fast').catch(() => stopCluster(recovering, 'immediate', 5_000))
  }
  // the next start must not find the recovery settings: the caller writes the project's own
  await writeClusterSettings(spec)
  return { recoveryMs: Math.round(performance.now() - started) }
}

/**
 * Asked as the tenant's role, which the socket trusts: a backup taken before the platform superuser had the
 * platform's password refuses that login until the project's next start gives it one.
 */
async function inRecovery(location: ClusterLocation): Promise<boolean> {
  try {
    return await withClient(
      location,
      async (client) => {
        const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering')
        return rows[0]?.recovering ?? true
      },
      { user: TENANT_OWNER_ROLE },
    )
  } catch (error) {
    logIgnoredError('the recovering server refused a connection; the pid check decides', error)
    return true
  }
}

function lastError(log: string): string {
  const lines = log.split('\n').filter((line) => /FATAL|PANIC|ERROR/.test(line))
  return (lines.at(-1) ?? log.split('\n').at(-1) ?? 'the server exited').replace(/^.*?(FATAL|PANIC|ERROR):\s*/, '')
}

/**
 * Closes the running server's current WAL segment and waits until the archiver has copied it, so the archive
 * holds every commit made until now.
 */
export async function flushWalToArchive(location: ClusterLocation, timeoutMs = 30_000): Promise<void> {
  await withClient(location, async (client) => {
    const { rows } = await client.query<{ walfile: string }>('select pg_walfile_name(pg_switch_wal()) as walfile')
    const walfile = rows[0]?.walfile ?? ''
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const { rows: archived } = await client.query<{ last: string | null; failed: string | null }>(
        'select last_archived_wal as last, last_failed_wal as failed from pg_stat_archiver',
      )
      const last = archived[0]?.last ?? ''
      if (last.length >= 24 && last.slice(8, 24) >= walfile.slice(8, 24)) return
      if (Date.now() > deadline) {
        throw new Error(
          `The WAL archive did not receive ${walfile} in time (last failure: ${archived[0]?.failed ?? 'none'})`,
        )
      }
      await sleep(POLL_MS)
    }
  })
}

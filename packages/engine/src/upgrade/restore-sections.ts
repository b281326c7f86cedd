import path from 'node:path'
import { withClient } from '../cluster/client'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { runCommand } from '../system/run-command'
import { connectionArgs, type DumpTools } from './client-tools'
import {
  allowRestoreLogins,
  batchesByRole,
  batchesInOrder,
  restoreBatch,
  restoringRoles,
  sectionEntries,
  type TocEntry,
} from './restore-as-owners'

export type DumpSection = 'pre-data' | 'data' | 'post-data'

export interface OwnerRestore {
  /** Restores one section of the dump; `jobs` runs that many connections at once where entries allow it. */
  section(name: DumpSection, options?: { jobs?: number }): Promise<void>
  /** Puts back the login attributes the restore changed; call once, whatever happened. */
  close(): Promise<void>
}

/**
 * A restore of a custom-format dump (`file`, taken from `source`'s `database`) into the same, empty database of
 * `target`, that never runs tenant code as the platform superuser:
 * - the pre-data section (schemas, tables, functions, types, views, owners, grants) runs as the platform superuser:
 *   it creates and alters objects, evaluates nothing, and gives each object the owner it had;
 * - each entry that evaluates tenant code (rows loaded into a table with CHECK constraints, an index expression, a
 *   constraint validated over the rows, a materialized view's refresh) is restored in a session logged in as its
 *   relation's owner, so the code runs with that role's rights and no way back to a superuser's; the others
 *   (sequence values, large objects, triggers, policies) run as the superuser, in the dump's order.
 * The owners log in over the target's socket; those who may not log in are let in for the restore (see
 * allowRestoreLogins) until `close`.
 */
export async function openOwnerRestore(
  tools: DumpTools,
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  file: string,
  options: { listDir: string; timeoutMs: number },
): Promise<OwnerRestore> {
  const entries = new Map<DumpSection, TocEntry[]>()
  for (const name of ['data', 'post-data'] as const) entries.set(name, await sectionEntries(tools, file, name))
  const all = [...(entries.get('data') ?? []), ...(entries.get('post-data') ?? [])]
  const roles = await withClient(source, (client) => restoringRoles(client, all), { database })
  const owners = [...new Set(roles.values())].filter((role) => role !== PLATFORM_SUPERUSER)
  const putBack = await withClient(target, (client) => allowRestoreLogins(client, owners), { database })
  let lists = 0
  const listFile = () => path.join(options.listDir, `restore-${lists++}.list`)
  return {
    async section(name, sectionOptions = {}) {
      if (name === 'pre-data') {
        await runCommand(
          tools.pgRestore,
          ['--exit-on-error', '--section=pre-data', ...connectionArgs(target, database), file],
          { timeoutMs: options.timeoutMs },
        )
        return
      }
      const sectionEntries = entries.get(name) ?? []
      // rows do not depend on one another: one session per owner; the rest keeps the dump's order
      const batches = name === 'data' ? batchesByRole(sectionEntries, roles) : batchesInOrder(sectionEntries, roles)
      for (const batch of batches) {
        await restoreBatch(tools, target, database, file, listFile(), batch, {
          jobs: sectionOptions.jobs,
          timeoutMs: options.timeoutMs,
        })
      }
    },
    async close() {
      await withClient(target, putBack, { database })
    },
  }
}

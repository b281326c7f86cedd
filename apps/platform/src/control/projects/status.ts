import type { ProjectStatus } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'

/** Statuses in which the project's postmaster is supposed to be up and serving. */
export const RUNNING_STATUSES: readonly ProjectStatus[] = ['ACTIVE_HEALTHY']

export async function setProjectStatus(
  db: Db,
  ref: string,
  status: ProjectStatus,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ status, status_error: error, updated_at: new Date() })
    .where('ref', '=', ref)
    .execute()
}

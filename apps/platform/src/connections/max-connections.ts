import { computeSettings, isComputeSize } from '@pgfleet/engine'
import type { Db } from '../db/kysely'

/** The project's max_connections, from the compute size the control plane records for it. */
export async function projectMaxConnections(db: Db, ref: string): Promise<number> {
  const row = await db.selectFrom('projects').select('compute_size').where('ref', '=', ref).executeTakeFirst()
  if (!row) throw new Error(`Project ${ref} not found`)
  if (!isComputeSize(row.compute_size)) throw new Error(`Project ${ref} has an unknown compute size`)
  return computeSettings(row.compute_size).max_connections
}

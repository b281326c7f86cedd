import { scramSha256Verifier } from '@pgfleet/engine'
import pg from 'pg'
import type { AppContext } from '../context'
import type { ProjectRow } from '../db/types'
import { badRequest, conflict } from '../errors'

/**
 * Sets the password of the tenant's owner role (`postgres`, or the driver's name for it). Only a SCRAM-SHA-256 verifier travels to the database (Postgres stores
 * it as given), so the password itself never reaches a server log or pg_stat_activity; nothing is stored here.
 */
export async function resetDatabasePassword(ctx: AppContext, project: ProjectRow, password: string): Promise<void> {
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`The project's database must be running to change its password (status ${project.status})`)
  }
  const verifier = scramSha256Verifier(password)
  if (!verifier) throw badRequest('Database password may contain only printable ASCII characters')
  const client = new pg.Client({
    ...(await ctx.driver.projectConnection(project.ref)),
    application_name: 'pgfleet-platform',
    connectionTimeoutMillis: 5_000,
  })
  // a failure of this one-off client rejects its connect or query, which the caller gets
  client.on('error', () => {})
  await client.connect()
  try {
    const owner = client.escapeIdentifier(ctx.driver.tenantOwnerRole)
    await client.query(`ALTER ROLE ${owner} PASSWORD ${client.escapeLiteral(verifier)}`)
  } finally {
    // the password is changed (or the error above is what matters); a failed goodbye changes nothing
    await client.end().catch(() => {})
  }
}

import { scramSha256Verifier } from '@pgfleet/engine'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict } from '../../errors'

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
  // as the role itself (any role may set its own password): the platform's superuser is not needed for it
  await ctx.connections.oneOff.run(project.ref, { applicationName: 'pgfleet-platform' }, async (client) => {
    const owner = client.escapeIdentifier(ctx.driver.tenantOwnerRole)
    await client.query(`ALTER ROLE ${owner} PASSWORD ${client.escapeLiteral(verifier)}`)
  })
}

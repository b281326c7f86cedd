import { setTimeout as sleep } from 'node:timers/promises'
import { withClient } from './client'
import { writeHba } from './hba'
import { clusterPid } from './pid-file'
import { TENANT_OWNER_ROLE } from './role-names'
import { type BootstrapRolesOptions, bootstrapProjectRoles } from './roles'
import { ensurePlatformSuperuser } from './superuser-migration'
import type { ClusterSpec } from './types'

/** SQLSTATE of a failed password login (invalid_password). */
const PASSWORD_REFUSED = '28P01'
const RELOAD_TIMEOUT_MS = 5_000

/** Whether the platform superuser logs in, or is refused for its password (a cluster that does not hold it yet). */
async function superuserLogsIn(spec: ClusterSpec): Promise<boolean> {
  try {
    await withClient(spec, (client) => client.query('SELECT 1'))
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code === PASSWORD_REFUSED) return false
    // unknown role (a project from before the platform superuser) and the like: the migration deals with them
    return true
  }
}

/**
 * Makes the running server read its access rules again, and answers once it has: signalled directly (the platform
 * cannot log in as its superuser yet), seen through the tenant's role, the one login the socket trusts.
 */
async function reloadAccessRules(spec: ClusterSpec): Promise<void> {
  const asTenant = { user: TENANT_OWNER_ROLE, connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 }
  const asked = await withClient(
    spec,
    async (client) => (await client.query<{ at: string }>('select clock_timestamp()::text as at')).rows[0]?.at ?? '',
    asTenant,
  )
  const pid = await clusterPid(spec)
  if (pid === null) throw new Error('The server stopped while its access rules changed')
  process.kill(pid, 'SIGHUP')
  const deadline = Date.now() + RELOAD_TIMEOUT_MS
  for (;;) {
    const reloaded = await withClient(
      spec,
      async (client) =>
        (await client.query<{ reloaded: boolean }>('select pg_conf_load_time() > $1::timestamptz as reloaded', [asked]))
          .rows[0]?.reloaded === true,
      asTenant,
    )
    if (reloaded) return
    if (Date.now() > deadline)
      throw new Error(`The server did not reload its access rules within ${RELOAD_TIMEOUT_MS} ms`)
    await sleep(10)
  }
}

/**
 * Brings a running project's platform superuser to the platform's rules: moves an older project to it (see
 * ensurePlatformSuperuser), gives it the platform's password and (re)applies the tenant's roles.
 *
 * A cluster from before the platform had a password for its superuser refuses the platform's password login (when
 * its servers run as the platform's own OS user, which makes peer logins useless). For the few statements that set
 * it, the socket trusts the platform superuser; the usual rules are back before this returns, whatever happened.
 * Meanwhile no platform session runs tenant code, and a tenant's own postgres_fdw or dblink connection cannot use
 * a trusted login: both refuse one for a non-superuser.
 */
export async function securePlatformSuperuser(spec: ClusterSpec, roles: BootstrapRolesOptions): Promise<void> {
  const unlocked = !(await superuserLogsIn(spec))
  if (unlocked) {
    await writeHba(spec.dataDir, spec, { superuserLogin: 'trust' })
    await reloadAccessRules(spec)
  }
  try {
    await ensurePlatformSuperuser(spec)
    await bootstrapProjectRoles(spec, roles)
  } finally {
    if (unlocked) {
      await writeHba(spec.dataDir, spec)
      await reloadAccessRules(spec)
    }
  }
}

import { withClient } from '../cluster/client'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterLocation } from '../cluster/types'
import { allowRestoreLogins } from './restore-as-owners'

/**
 * The relations to analyze, by owner: tables, partitioned tables and materialized views outside the system schemas.
 * A table with a foreign table below it (a partition or an inheritance child) is left out: sampling it would open
 * the foreign server's connection, under a user mapping the tenant wrote.
 */
const RELATIONS_BY_OWNER = `
with recursive below(parent, child) as (
  select inhparent, inhrelid from pg_inherits
  union all
  select b.parent, i.inhrelid from below b join pg_inherits i on i.inhparent = b.child
)
select case when r.rolsuper then '${PLATFORM_SUPERUSER}' else r.rolname end as owner,
       array_agg(format('%I.%I', n.nspname, c.relname) order by n.nspname, c.relname) as relations
  from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_roles r on r.oid = c.relowner
 where c.relkind in ('r', 'p', 'm') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and not exists (select 1 from below b join pg_class f on f.oid = b.child where b.parent = c.oid and f.relkind = 'f')
 group by 1`

/**
 * Rebuilds the statistics of a copied database, each owner's relations in a session logged in as that owner:
 * index expressions and extended statistics the tenant wrote are evaluated with its rights, by its own session.
 * Owners that may not log in are let in meanwhile (see allowRestoreLogins).
 */
export async function analyzeAsOwners(
  target: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
): Promise<void> {
  const { groups, putBack } = await withClient(
    target,
    async (client) => {
      const { rows } = await client.query<{ owner: string; relations: string[] }>(RELATIONS_BY_OWNER)
      const owners = rows.map((row) => row.owner).filter((owner) => owner !== PLATFORM_SUPERUSER)
      return { groups: rows, putBack: await allowRestoreLogins(client, owners) }
    },
    { database },
  )
  try {
    for (const { owner, relations } of groups) {
      await withClient(
        target,
        async (client) => {
          // the role's own defaults (a read-only default, a short timeout) must not stop it half way
          await client.query('set default_transaction_read_only = off; set statement_timeout = 0')
          await client.query(`analyze ${relations.join(', ')}`)
        },
        { database, user: owner },
      )
    }
  } finally {
    await withClient(target, putBack, { database })
  }
}

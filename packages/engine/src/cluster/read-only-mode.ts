import type pg from 'pg'
import { withClient } from './client'
import { reloadConfiguration } from './reload'
import type { ClusterLocation } from './types'

/**
 * The setting whose override undoes the mode. transaction_read_only needs no care: every transaction starts from
 * the default, and Postgres refuses to reset a stored value of it anyway.
 */
const READ_ONLY_SETTING = 'default_transaction_read_only'

/**
 * Turns the server-wide default_transaction_read_only on or off. ALTER SYSTEM writes postgresql.auto.conf (so
 * it survives restarts and needs no WAL) and a reload applies it to every session's next transaction: nothing is
 * restarted and no session is ended. The platform's own sessions always run with it off.
 *
 * A database owner may `ALTER DATABASE ... SET` and `ALTER ROLE ... SET` the setting, and those win over the
 * server's files for every new session; turning the mode on (which the platform repeats at every sample while the
 * mode lasts) removes every such override that is not `on`. A session's own `SET` cannot be taken away: the
 * platform's services start their transactions READ ONLY themselves, and the disk ceiling ends direct sessions
 * that go on writing.
 */
export async function setClusterReadOnly(location: ClusterLocation, enabled: boolean): Promise<void> {
  await withClient(
    location,
    async (client) => {
      await client.query(
        enabled
          ? 'ALTER SYSTEM SET default_transaction_read_only = on'
          : 'ALTER SYSTEM RESET default_transaction_read_only',
      )
      if (enabled) await removeReadOnlyOverrides(client)
    },
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
  // whoever lifted the mode must be able to write at once, in the session they already hold
  await reloadConfiguration(location)
}

/**
 * Resets per-database, per-role and per-role-in-database values of the setting other than `on`, and
 * answers how many it reset. Only the catalog is read (pg_db_role_setting), no tenant code runs.
 */
export async function removeReadOnlyOverrides(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ datname: string | null; rolname: string | null }>(
    `SELECT d.datname, r.rolname
       FROM pg_catalog.pg_db_role_setting s
       CROSS JOIN LATERAL unnest(s.setconfig) AS c(setting)
       LEFT JOIN pg_catalog.pg_database d ON d.oid = s.setdatabase
       LEFT JOIN pg_catalog.pg_roles r ON r.oid = s.setrole
      WHERE split_part(c.setting, '=', 1) = $1
        AND lower(substr(c.setting, strpos(c.setting, '=') + 1)) NOT IN ('on', 'true', 'yes', '1')`,
    [READ_ONLY_SETTING],
  )
  for (const row of rows) {
    const role = row.rolname === null ? null : client.escapeIdentifier(row.rolname)
    const database = row.datname === null ? null : client.escapeIdentifier(row.datname)
    const target = role
      ? `ROLE ${role}${database ? ` IN DATABASE ${database}` : ''}`
      : `DATABASE ${database ?? 'postgres'}`
    await client.query(`ALTER ${target} RESET ${READ_ONLY_SETTING}`)
  }
  return rows.length
}

/** Whether the server's configuration files make transactions read-only by default (sessions may differ). */
export async function clusterReadOnly(location: ClusterLocation): Promise<boolean> {
  return withClient(
    location,
    async (client) => {
      const result = await client.query<{ setting: string | null }>(
        `SELECT setting FROM pg_file_settings WHERE name = 'default_transaction_read_only' AND error IS NULL
         ORDER BY seqno DESC LIMIT 1`,
      )
      return result.rows[0]?.setting === 'on'
    },
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
}

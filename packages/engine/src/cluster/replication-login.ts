import { randomBytes } from 'node:crypto'
import { withClient } from './client'
import { UPGRADE_REPLICATION_ROLE } from './role-names'
import { scramSha256Verifier } from './scram'
import type { ClusterLocation } from './types'

export interface ReplicationLogin {
  user: string
  password: string
}

/**
 * A login for a major upgrade's subscription, which the new server opens to the old one: the platform superuser
 * logs in only from the platform itself, never from a server. The role replicates and reads every table (bypassing
 * RLS, as a copy must) and is no superuser; its password is new for each upgrade, lives only in the platform's
 * memory and the new cluster's subscription (which only superusers read), and is taken away by
 * closeReplicationLogin. Runs as the platform superuser on the old cluster.
 */
export async function openReplicationLogin(
  location: Pick<ClusterLocation, 'socketDir' | 'port'>,
): Promise<ReplicationLogin> {
  const password = randomBytes(32).toString('base64url')
  const verifier = scramSha256Verifier(password)
  if (!verifier) throw new Error('A replication password must be printable ASCII')
  await withClient(location, (client) =>
    client.query(`
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${UPGRADE_REPLICATION_ROLE}') THEN
    CREATE ROLE ${UPGRADE_REPLICATION_ROLE};
  END IF;
END
$$;
ALTER ROLE ${UPGRADE_REPLICATION_ROLE} LOGIN REPLICATION BYPASSRLS NOSUPERUSER NOCREATEDB NOCREATEROLE INHERIT
  PASSWORD ${client.escapeLiteral(verifier)};
GRANT pg_read_all_data TO ${UPGRADE_REPLICATION_ROLE};`),
  )
  return { user: UPGRADE_REPLICATION_ROLE, password }
}

/** Takes the upgrade's replication login away again (a missing role is fine). */
export async function closeReplicationLogin(location: Pick<ClusterLocation, 'socketDir' | 'port'>): Promise<void> {
  await withClient(location, (client) =>
    client.query(`
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${UPGRADE_REPLICATION_ROLE}') THEN
    ALTER ROLE ${UPGRADE_REPLICATION_ROLE} NOLOGIN NOREPLICATION PASSWORD NULL;
  END IF;
END
$$`),
  )
}

import { withClient } from '../cluster/client'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import type { ClusterSpec } from '../cluster/types'
import { ownerDifferences, ownersOf } from './owners'
import { countDifferences, countObjectsAndRows } from './verify'

/** The databases clients can connect to, by name. */
export async function databasesOf(spec: ClusterSpec): Promise<string[]> {
  return withClient(spec, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datallowconn and not datistemplate order by datname',
    )
    return rows.map((row) => row.datname)
  })
}

/**
 * Creates `database` in the new cluster with its owner in the old one (`postgres` exists already: it gets that
 * owner). The owner matters before the restore: objects restored as their owners use the rights it gives.
 */
export async function createDatabaseLike(from: ClusterSpec, to: ClusterSpec, database: string): Promise<void> {
  const owner = await withClient(from, async (client) => {
    const { rows } = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [database],
    )
    return rows[0]?.owner ?? PLATFORM_SUPERUSER
  })
  const name = `"${database.replaceAll('"', '""')}"`
  const ownerName = `"${owner.replaceAll('"', '""')}"`
  await withClient(to, (client) =>
    client.query(
      database === 'postgres'
        ? `alter database ${name} owner to ${ownerName}`
        : `create database ${name} owner ${ownerName}`,
    ),
  )
}

/** Row counts per table that stand without counting again, by database (see agreedRowCounts). */
export type KnownRowCounts = Map<string, Map<string, number>>

async function countDatabases(
  spec: ClusterSpec,
  databases: string[],
  knownRows: KnownRowCounts,
): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>()
  for (const database of databases) {
    result.set(
      database,
      await withClient(spec, (client) => countObjectsAndRows(client, knownRows.get(database)), { database }),
    )
  }
  return result
}

/**
 * Every object keeps its owner (see ownersOf), and object counts per kind and row counts per table are equal in both
 * clusters, database by database; otherwise the upgrade fails, naming what changed. Tables in `knownRows` keep the
 * count both copies agreed on earlier.
 */
export async function verifyCopies(
  from: ClusterSpec,
  to: ClusterSpec,
  databases: string[],
  knownRows: KnownRowCounts = new Map(),
): Promise<void> {
  for (const database of databases) {
    const [ownersBefore, ownersAfter] = await Promise.all([
      withClient(from, ownersOf, { database }),
      withClient(to, ownersOf, { database }),
    ])
    const changed = ownerDifferences(ownersBefore, ownersAfter)
    if (changed.length > 0) {
      throw new Error(`The upgraded copy of "${database}" changed owners: ${changed.slice(0, 10).join('; ')}`)
    }
  }
  const [before, after] = await Promise.all([
    countDatabases(from, databases, knownRows),
    countDatabases(to, databases, knownRows),
  ])
  for (const database of databases) {
    const differences = countDifferences(before.get(database) ?? new Map(), after.get(database) ?? new Map())
    if (differences.length > 0) {
      throw new Error(`The upgraded copy of "${database}" differs: ${differences.slice(0, 5).join('; ')}`)
    }
  }
}

import { Kysely, type Migration, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import * as initial from './migrations/001-initial'
import * as lifecycle from './migrations/002-lifecycle'
import * as content from './migrations/003-content'
import * as keysAndDomains from './migrations/004-keys-and-domains'
import * as edgeFunctions from './migrations/005-edge-functions'
import * as reports from './migrations/007-reports'
import * as functionsNetwork from './migrations/008-functions-network'
import * as backupSchedule from './migrations/009-backup-schedule'
import * as pitr from './migrations/010-pitr'
import * as upgrades from './migrations/011-upgrades'
import * as restoreChecks from './migrations/012-restore-checks'
import * as assistant from './migrations/013-assistant'
import * as resourceSamples from './migrations/014-resource-samples'
import * as branching from './migrations/015-branching'
import * as branchData from './migrations/016-branch-data'
import * as instanceAdmins from './migrations/017-instance-admins'
import * as customHostnameClaims from './migrations/018-custom-hostname-claims'
import * as projectAuth from './migrations/019-project-auth'
import * as apiKeys from './migrations/020-api-keys'
import type { Database } from './types'

export type Db = Kysely<Database>

// Numbered migrations, applied in order; never edit one that has shipped, add the next instead. 006 was never
// shipped, and 005 was committed after 007: databases made in between have 007 without 005.
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
  '002-lifecycle': lifecycle,
  '003-content': content,
  '004-keys-and-domains': keysAndDomains,
  '005-edge-functions': edgeFunctions,
  '007-reports': reports,
  '008-functions-network': functionsNetwork,
  '009-backup-schedule': backupSchedule,
  '010-pitr': pitr,
  '011-upgrades': upgrades,
  '012-restore-checks': restoreChecks,
  '013-assistant': assistant,
  '014-resource-samples': resourceSamples,
  '015-branching': branching,
  '016-branch-data': branchData,
  '017-instance-admins': instanceAdmins,
  '018-custom-hostname-claims': customHostnameClaims,
  '019-project-auth': projectAuth,
  '020-api-keys': apiKeys,
}

export function createDb(config: pg.PoolConfig): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ max: 10, ...config })
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {})
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool }
}

export async function migrateToLatest(db: Db, migrations: Record<string, Migration> = MIGRATIONS): Promise<void> {
  // a database that has a later migration but not an earlier one (005 after 007) gets the earlier one too
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Control-plane migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}

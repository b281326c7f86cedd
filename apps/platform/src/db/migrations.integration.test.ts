import { mkdtempSync, rmSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  type ClusterSpec,
  connectionConfig,
  discoverEngines,
  initCluster,
  resolveRunAs,
  startCluster,
  stopCluster,
} from '@pgfleet/engine'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, MIGRATIONS, migrateToLatest } from './kysely'

/** A control-plane database made while 005 was missing (007 applied) still migrates to the latest. */
const root = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-migrations-'))
let spec: ClusterSpec

beforeAll(async () => {
  const runAs = await resolveRunAs()
  if (runAs) await chmod(root, 0o711)
  const engines = await discoverEngines()
  const engine = engines[engines.length - 1]
  if (!engine) throw new Error('no engine')
  spec = {
    dataDir: path.join(root, 'pgdata'),
    socketDir: path.join(root, 'run'),
    port: null,
    listenAddress: '',
    engine,
    runAs,
  }
  await initCluster(spec, { superuser: 'postgres' })
  await startCluster(spec, { timeoutMs: 30_000 })
})
afterAll(async () => {
  if (spec) await stopCluster(spec, 'fast')
  rmSync(root, { recursive: true, force: true })
})

describe('migrating an existing control plane', () => {
  it('applies a migration that was committed after a later one', async () => {
    const { db } = createDb(connectionConfig(spec, 'postgres', 'postgres'))
    try {
      const withoutFive = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => !name.startsWith('005')))
      await migrateToLatest(db, withoutFive)
      await migrateToLatest(db)
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
      expect(rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS))
      const table = await sql<{ found: boolean }>`select to_regclass('edge_functions') is not null as found`.execute(db)
      expect(table.rows[0]?.found).toBe(true)
    } finally {
      await db.destroy()
    }
  })
})

import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverEngines, engineForMajor } from '../engines/discover'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot, testClusterSpec } from '../testing/fixtures'
import { connectionConfig } from './client'
import { initCluster } from './init'
import { clusterReadOnly, setClusterReadOnly } from './read-only-mode'
import { startCluster } from './start'
import { stopCluster } from './stop'
import type { ClusterSpec } from './types'

/**
 * Read-only mode on a real server, as a tenant's long-lived session sees it: the change must apply to that
 * session's very next statement once setClusterReadOnly has answered, in both directions.
 */
let spec: ClusterSpec
let root: string

beforeAll(async () => {
  root = await makeTempRoot('read-only-mode')
  const engine = engineForMajor(await discoverEngines(), 17)
  spec = testClusterSpec(path.join(root, 'project'), engine, await resolveRunAs())
  await initCluster(spec)
  await startCluster(spec)
}, 60_000)

async function withOwner<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionConfig(spec))
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

afterAll(async () => {
  if (spec) await stopCluster(spec, 'immediate', 5_000).catch(() => {})
}, 30_000)

describe('setClusterReadOnly', () => {
  it('applies to an open session before its next statement, on and off, 30 times over', async () => {
    // the platform's own sessions turn the mode off for themselves; a tenant's session keeps the server default
    const session = new pg.Client({ ...connectionConfig(spec), options: undefined })
    await session.connect()
    try {
      await session.query('create table notes (id int)')
      for (let round = 0; round < 30; round++) {
        await setClusterReadOnly(spec, true)
        await expect(session.query('insert into notes values ($1)', [round])).rejects.toMatchObject({ code: '25006' })
        await setClusterReadOnly(spec, false)
        await session.query('insert into notes values ($1)', [round])
      }
      expect((await session.query('select count(*)::int as n from notes')).rows[0]).toEqual({ n: 30 })
      expect(await clusterReadOnly(spec)).toBe(false)
    } finally {
      await session.end()
    }
  }, 60_000)

  it('removes per-database and per-role overrides that would let new sessions write, and keeps `on` ones', async () => {
    const setup = new pg.Client({ ...connectionConfig(spec), options: undefined })
    await setup.connect()
    try {
      await setup.query('create role writer login')
      await setup.query('grant create on schema public to writer')
      await setup.query('alter database postgres set default_transaction_read_only = off')
      await setup.query('alter role writer set default_transaction_read_only = off')
      await setup.query('alter role writer in database postgres set default_transaction_read_only = false')
      await setup.query('create role keeper')
      await setup.query('alter role keeper set default_transaction_read_only = on')
    } finally {
      await setup.end()
    }
    await setClusterReadOnly(spec, true)
    try {
      for (const user of [undefined, 'writer']) {
        const session = new pg.Client({ ...connectionConfig(spec, 'postgres', user), options: undefined })
        await session.connect()
        try {
          await expect(session.query(`create table t_${user ?? 'owner'} (a int)`)).rejects.toMatchObject({
            code: '25006',
          })
        } finally {
          await session.end()
        }
      }
      const left = await withOwner((client) =>
        client.query<{ setconfig: string[] }>('select setconfig from pg_db_role_setting order by setrole'),
      )
      expect(left.rows.flatMap((row) => row.setconfig).filter((s) => s.includes('read_only'))).toEqual([
        'default_transaction_read_only=on',
      ])
    } finally {
      await setClusterReadOnly(spec, false)
    }
  }, 60_000)
})

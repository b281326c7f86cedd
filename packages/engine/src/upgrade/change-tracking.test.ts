import { rm } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withClient } from '../cluster/client'
import { initCluster } from '../cluster/init'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import { computeSettings } from '../compute'
import { discoverEngines, engineForMajor } from '../engines/discover'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { countsStillValid, finishChangeTracking, startChangeTracking, tableChangeCounts } from './change-tracking'
import { agreedRowCounts, countObjectsAndRows } from './verify'

const TABLES = `
create table public.inserted (v int); insert into public.inserted select generate_series(1, 10);
create table public.truncated (v int); insert into public.truncated select generate_series(1, 10);
create table public.direct (v int); insert into public.direct values (1);
create table public.untouched (v int); insert into public.untouched select generate_series(1, 10);
create table public."Odd name" (v int); insert into public."Odd name" values (1);
create table public.parts (v int) partition by range (v);
create table public.parts_low partition of public.parts for values from (0) to (100);
create table public.parts_high partition of public.parts for values from (100) to (200);
insert into public.parts values (1), (150);`

/**
 * Why the cut-off of a logical upgrade may trust row counts taken before it: every change replication applies to
 * the new cluster afterwards is noted (the apply worker runs with session_replication_role = replica, as the
 * sessions here that stand in for it), and every change clients make on the old one moves its statistics.
 */
describe('change tracking for the upgrade row counts', () => {
  let root: string
  let cluster: ClusterSpec
  const on = <T>(database: string, fn: (client: pg.Client) => Promise<T>) => withClient(cluster, fn, { database })

  beforeAll(async () => {
    root = await makeTempRoot('change-tracking')
    const engines = await discoverEngines()
    cluster = {
      dataDir: path.join(root, 'pgdata'),
      socketDir: path.join(root, 'run'),
      port: null,
      listenAddress: '',
      engine: engineForMajor(engines, 17),
      runAs: await resolveRunAs(),
      logFile: path.join(root, 'postgres.log'),
      settings: computeSettings('nano'),
    }
    await initCluster(cluster, { superuser: PLATFORM_SUPERUSER })
    await startCluster(cluster)
    for (const database of ['tracked', 'other']) {
      await withClient(cluster, (client) => client.query(`create database ${database}`))
      await on(database, (client) => client.query(TABLES))
    }
  }, 60_000)

  afterAll(async () => {
    if (cluster) await stopCluster(cluster, 'immediate', 5_000).catch(() => {})
    await rm(root, { recursive: true, force: true })
  })

  it('notes the tables changed after it started, and leaves nothing behind', async () => {
    const objectsBefore = await on('tracked', (client) => countObjectsAndRows(client))
    await on('tracked', startChangeTracking)
    await on('tracked', async (client) => {
      await client.query('set session_replication_role = replica')
      await client.query('insert into public.inserted values (11)')
      await client.query('truncate public.truncated')
      await client.query('update public.parts_high set v = 151')
      await client.query('update public."Odd name" set v = 2')
      // a change the replication rolls back is noted or not; either way the table is counted again at worst
      await client.query('begin')
      await client.query('delete from public.untouched')
      await client.query('rollback')
    })
    // a session that is not the apply worker is noted too (a hand-made change to the copy)
    await on('tracked', (client) => client.query('delete from public.direct'))
    const changed = await on('tracked', finishChangeTracking)
    expect([...changed].sort()).toEqual([
      'public."Odd name"',
      'public.direct',
      'public.inserted',
      'public.parts',
      'public.parts_high',
      'public.truncated',
    ])
    const objectsAfter = await on('tracked', (client) => countObjectsAndRows(client))
    // the same objects as before: no schema, function, table or trigger of the tracking is left
    const objects = (counts: Map<string, number>) =>
      Object.fromEntries([...counts].filter(([key]) => !key.startsWith('rows of')))
    expect(objects(objectsAfter)).toEqual(objects(objectsBefore))
  })

  it('agrees on the tables whose counts are equal in both copies', async () => {
    await on('other', (client) => client.query('insert into public.untouched values (11); delete from public.parts'))
    const agreed = await on('tracked', (source) => on('other', (target) => agreedRowCounts(source, target)))
    expect(agreed.get('public.untouched')).toBeUndefined()
    expect(agreed.get('public.parts')).toBeUndefined()
    expect(agreed.get('public.parts_low')).toBeUndefined()
    expect(agreed.get('public.direct')).toBeUndefined()
    expect(agreed.get('public.truncated')).toBeUndefined()
    expect(agreed.get('public."Odd name"')).toBe(1)
  })

  it('sees a client change in the statistics once the client session ended', async () => {
    const before = await on('other', tableChangeCounts)
    await on('other', (client) => client.query('insert into public.parts values (3)'))
    let after = before
    for (let tries = 0; tries < 100 && after.get('public.parts_low') === before.get('public.parts_low'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      after = await on('other', tableChangeCounts)
    }
    expect(after.get('public.parts_low')).not.toBe(before.get('public.parts_low'))
    expect(after.get('public.parts')).not.toBe(before.get('public.parts'))
    expect(after.get('public.parts_high')).toBe(before.get('public.parts_high'))
    expect(after.get('public.untouched')).toBe(before.get('public.untouched'))
  })
})

describe('countsStillValid', () => {
  const agreed = new Map([
    ['public.a', 10],
    ['public.b', 20],
    ['public.c', 30],
    ['public.d', 40],
  ])
  const before = new Map([
    ['public.a', '5'],
    ['public.b', '5'],
    ['public.c', '5'],
  ])

  it('keeps only tables that replication did not touch and whose source statistics did not move', () => {
    const now = new Map([
      ['public.a', '5'],
      ['public.b', '6'],
      ['public.c', '5'],
      ['public.d', '0'],
    ])
    const valid = countsStillValid(agreed, new Set(['public.c']), before, now)
    // b: a client changed it; c: replication changed it; d: no statistics before, so nothing proves it unchanged
    expect([...valid]).toEqual([['public.a', 10]])
  })

  it('drops a table whose statistics vanished (dropped, or statistics reset)', () => {
    const valid = countsStillValid(agreed, new Set(), before, new Map([['public.b', '5']]))
    expect([...valid.keys()]).toEqual(['public.b'])
  })

  it('does not change the counts it was given', () => {
    countsStillValid(agreed, new Set(['public.a']), before, before)
    expect(agreed.size).toBe(4)
  })
})

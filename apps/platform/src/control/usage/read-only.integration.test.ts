import {
  BYTES_PER_GB,
  DISK_CEILING_PERCENT,
  type ProjectDisk,
  READ_ONLY_DISK_PERCENT,
  READ_ONLY_MODE_HINT,
} from '@pgfleet/contracts'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../../testing/harness'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'

/**
 * Read-only mode on a real project: a tiny disk size, filled by a tenant's writes, turns the project read-only
 * (reads go on, writes fail with Postgres' read-only error); the documented cleanup brings it back with no restart.
 */
let f: ProjectFixture
const READ_ONLY_ERROR = '25006'
const diskPath = () => `/platform/projects/${f.project.ref}/disk`
const disk = async () => (await f.owner.get<ProjectDisk>(diskPath())).body

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_RESOURCE_SAMPLE_INTERVAL_MS: '250' })
  await waitFor(disk, (d) => d.used_bytes !== null, 20_000)
}, 90_000)
afterAll(async () => {
  await f?.t.destroy()
}, 60_000)

/** A disk size at which the project's current use is `percent` of it. */
async function sizeForUse(percent: number): Promise<number> {
  const used = (await disk()).used_bytes ?? 0
  return used / (percent / 100) / BYTES_PER_GB
}

async function setDiskSize(sizeGb: number): Promise<ProjectDisk> {
  const answer = await f.owner.patch<ProjectDisk>(diskPath(), { size_gb: sizeGb })
  expect(answer.status).toBe(200)
  return answer.body
}

/**
 * Inserts 64 kB rows, `batch` to a transaction, until Postgres refuses with the read-only error; answers the ids
 * committed.
 */
async function writeUntilReadOnly(client: pg.Client, table: string, firstId: number, batch = 1): Promise<number[]> {
  const committed: number[] = []
  for (let id = firstId; ; id += batch) {
    try {
      await client.query(
        `insert into ${table} (id, pad)
         select g, repeat(md5(g::text), 2048) from generate_series($1::int, $1::int + $2::int - 1) g`,
        [id, batch],
      )
      for (let i = 0; i < batch; i++) committed.push(id + i)
    } catch (error) {
      expect((error as { code?: string }).code).toBe(READ_ONLY_ERROR)
      return committed
    }
    if (committed.length > 20_000) throw new Error('the project never turned read-only')
  }
}

async function postmasterStart(): Promise<string> {
  const client = await f.connectAsPlatform()
  try {
    return (await client.query<{ t: string }>('select pg_postmaster_start_time()::text as t')).rows[0]?.t ?? ''
  } finally {
    await client.end()
  }
}

describe('read-only mode', () => {
  it('turns on when writes fill the disk size; reads work, writes fail; the documented cleanup lifts it', async () => {
    const started = await postmasterStart()
    const client = await f.connect()
    try {
      // the store is TOAST-compressible text; store it plainly so it takes the room it says
      await client.query('create table filler (id int primary key, pad text)')
      await client.query('alter table filler alter column pad set storage external')
      await setDiskSize(await sizeForUse(40))

      const committed = await writeUntilReadOnly(client, 'filler', 1)
      expect(committed.length).toBeGreaterThan(10)
      // the server turns read-only first, the platform's row right after
      const state = await waitFor(disk, (d) => d.is_readonly_mode_enabled, 5_000)
      expect(state.used_percent).toBeGreaterThanOrEqual(READ_ONLY_DISK_PERCENT)
      const warnings = await f.owner.get<{ project: string; is_readonly_mode_enabled: boolean }[]>(
        '/platform/projects-resource-warnings',
      )
      expect(warnings.body.find((w) => w.project === f.project.ref)).toMatchObject({
        is_readonly_mode_enabled: true,
        disk_space_exhaustion: 'critical',
      })

      // the same session, never ended: reads go on, every write is refused
      const count = await client.query<{ n: number }>('select count(*)::int as n from filler')
      expect(count.rows[0]?.n).toBe(committed.length)
      await expect(client.query('insert into filler values (0, $1)', ['x'])).rejects.toMatchObject({
        code: READ_ONLY_ERROR,
      })
      // a new connection is read-only too
      const other = await f.connect()
      await expect(other.query('create table t2 (a int)')).rejects.toMatchObject({ code: READ_ONLY_ERROR })
      await other.end()

      // the documented way out: a query of DROP and TRUNCATE only in the SQL editor, and the platform sees it
      const cleanup = await f.owner.post(`/platform/pg-meta/${f.project.ref}/query`, { query: 'truncate filler' })
      expect(cleanup.status).toBeLessThan(300)
      const lifted = await waitFor(disk, (d) => !d.is_readonly_mode_enabled, 20_000)
      expect(lifted.used_percent).toBeLessThan(READ_ONLY_DISK_PERCENT)
      // a new session: the fill may have overshot the disk ceiling, which ends the project's sessions
      const again = await waitFor(
        () => f.connect().catch(() => null),
        (c) => c !== null,
        10_000,
      )
      await again?.query('insert into filler values (1, $1)', ['back'])
      expect((await again?.query('select pad from filler'))?.rows).toEqual([{ pad: 'back' }])
      await again?.end()
      // no restart happened
      expect(await postmasterStart()).toBe(started)
    } finally {
      await client.end().catch(() => {})
    }
  }, 120_000)

  it('chaos: 20 times writes run until read-only, then the disk grows; Postgres never restarts, no committed row is lost', async () => {
    const started = await postmasterStart()
    // a burst may overshoot the disk ceiling after read-only turned on, which ends the session: open a new one then
    let ended = false
    const connect = async () => {
      const fresh = await waitFor(
        () => f.connect().catch(() => null),
        (c) => c !== null,
        10_000,
      )
      if (!fresh) throw new Error('no connection')
      ended = false
      fresh.on('error', () => {
        ended = true
      })
      return fresh
    }
    let client = await connect()
    const committed: number[] = []
    try {
      await client.query('create table ledger (id int primary key, pad text)')
      await client.query('alter table ledger alter column pad set storage external')
      for (let round = 0; round < 20; round++) {
        // growing the disk is the other way out: the project is sampled at once and the mode lifts. The room
        // added is more than what the project may write on its own since the last sample: a WAL segment or two
        // (16 MB each) that a checkpoint creates ahead of need, and autovacuum's visibility and free-space maps.
        const used = (await disk()).used_bytes ?? 0
        const grown = await setDiskSize((used / 0.95 + 48 * 1024 ** 2) / BYTES_PER_GB)
        expect(grown.is_readonly_mode_enabled).toBe(false)
        if (ended) {
          await client.end().catch(() => {})
          client = await connect()
        }
        committed.push(...(await writeUntilReadOnly(client, 'ledger', (committed.at(-1) ?? 0) + 1, 8)))
        // the platform's row follows the server; or a checkpoint in read-only mode already freed the WAL of the
        // last writes, measured below the level, and lifted the mode again (which is right: the room is back)
        await waitFor(
          disk,
          (d) => d.is_readonly_mode_enabled || (d.used_percent ?? 100) < READ_ONLY_DISK_PERCENT,
          5_000,
        )
      }
      const rows = await client.query<{ n: number; max: number }>(
        'select count(*)::int as n, max(id) as max from ledger',
      )
      expect(rows.rows[0]).toEqual({ n: committed.length, max: committed.at(-1) })
      expect(await postmasterStart()).toBe(started)
    } finally {
      await client.end().catch(() => {})
    }
  }, 400_000)

  it('holds against the tenant: ALTER DATABASE/ROLE SET are removed, and the data API writes READ ONLY', async () => {
    // out of read-only mode (and past any ceiling) the test before may have left
    await setDiskSize(((await disk()).used_bytes ?? 0) / 0.5 / BYTES_PER_GB)
    const client = await f.connect()
    const keys = (await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${f.project.ref}/api-keys`)).body
    const service = keys.find((key) => key.name === 'service_role')?.api_key ?? ''
    const rest = (path: string, body: unknown) =>
      fetch(`${f.t.baseUrl}/p/${f.project.ref}/rest/v1/${path}`, {
        method: 'POST',
        headers: { apikey: service, authorization: `Bearer ${service}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    try {
      await client.query('create table notes (id int primary key)')
      // the tenant's way to make the data API's pooled session default to read-write
      await client.query(
        `create function unlock() returns text language sql
         as $$ select set_config('default_transaction_read_only', 'off', false) $$`,
      )
      expect((await rest('notes', { id: 1 })).status).toBe(201)
      // a function makes the data API's pooled session default to read-write before the mode begins, and the data
      // API's cache of the project's row (kept a second) may still say writable once it has: refused all the same
      expect((await rest('rpc/unlock', {})).status).toBe(200)
      for (let attempt = 0; attempt < 5 && !(await disk()).is_readonly_mode_enabled; attempt++) {
        await setDiskSize(await sizeForUse(99))
      }
      await waitFor(disk, (d) => d.is_readonly_mode_enabled, 5_000)
      const first = await rest('notes', { id: 2 })
      expect(first.status).toBe(405)
      expect(await first.json()).toMatchObject({ code: READ_ONLY_ERROR, hint: READ_ONLY_MODE_HINT })

      // attack 1: database- and role-level overrides of the setting, which new sessions take over the server's
      // (this session's own SET cannot be taken from it: the disk ceiling deals with sessions that go on writing)
      await client.query('set default_transaction_read_only = off')
      await client.query('alter database postgres set default_transaction_read_only = off')
      await client.query('alter role postgres set default_transaction_read_only = off')
      await client.query('reset default_transaction_read_only')
      // the next sampling round removes them (driven here rather than waited for)
      await f.t.platform.ctx.resources.sample([f.project.ref])
      const fresh = await f.connect()
      expect(
        (await fresh.query<{ v: string }>("select current_setting('default_transaction_read_only') as v")).rows[0]?.v,
      ).toBe('on')
      await expect(fresh.query('create table t3 (a int)')).rejects.toMatchObject({ code: READ_ONLY_ERROR })
      await fresh.end()

      // attack 2: through the data API, a function switches its pooled session's default to read-write
      await waitFor(
        async () => (await rest('rpc/unlock', {})).status,
        (status) => status === 200,
        5_000,
      )
      const write = await rest('notes', { id: 3 })
      expect(write.status).toBe(405)
      expect(await write.json()).toMatchObject({ code: READ_ONLY_ERROR, hint: READ_ONLY_MODE_HINT })
      expect((await client.query('select count(*)::int as n from notes')).rows[0]).toEqual({ n: 1 })
    } finally {
      await client.end()
      await setDiskSize(((await disk()).used_bytes ?? 0) / 0.5 / BYTES_PER_GB)
    }
  }, 120_000)

  it('past the disk ceiling a session that lifted read-only for itself is ended, and the SQL editor frees space with DROP or TRUNCATE only', async () => {
    await setDiskSize(((await disk()).used_bytes ?? 0) / 0.5 / BYTES_PER_GB)
    const client = await f.connect()
    const editor = (query: string) =>
      f.owner.post<{ message?: string; code?: string }>(`/platform/pg-meta/${f.project.ref}/query`, { query })
    let ended: unknown = null
    try {
      await client.query('create table hog (id int, pad text)')
      await client.query('alter table hog alter column pad set storage external')
      for (let attempt = 0; attempt < 5 && !(await disk()).is_readonly_mode_enabled; attempt++) {
        await setDiskSize(await sizeForUse(99))
      }
      await waitFor(disk, (d) => d.is_readonly_mode_enabled, 5_000)

      // the editor runs other SQL read-only, whatever the session sets
      expect((await editor('insert into hog values (0, null)')).status).toBe(400)
      const lifted = await editor("set default_transaction_read_only = off; insert into hog values (0, 'x')")
      expect(lifted.status).toBe(400)

      // the tenant's own session lifts the mode for itself and writes on: 1 MB a statement, each one at least 1 MB
      // more of table on the disk. Past the ceiling by then, whatever WAL checkpoints give back, and a few samples on.
      const start = await disk()
      const ceilingBytes = (start.size_bytes * DISK_CEILING_PERCENT) / 100
      const statements = Math.ceil(
        (ceilingBytes - (start.used_bytes ?? 0) + (start.wal_bytes ?? 0) + 32 * 1024 ** 2) / 1024 ** 2,
      )
      await client.query('set default_transaction_read_only = off')
      for (let n = 0; n < statements && ended === null; n++) {
        await client
          .query(`insert into hog select g, repeat(md5(g::text), 2048) from generate_series($1::int, $1::int + 15) g`, [
            1 + n * 16,
          ])
          .catch((error: unknown) => {
            ended = error
          })
        // a sample every 8 MB, driven here so the end does not hang on the interval's timing, and always a statement
        // after it to meet the end of the session
        if (ended === null && n % 8 === 7 && n + 1 < statements)
          await f.t.platform.ctx.resources.sample([f.project.ref])
      }
      // ended by the platform once a sample found the disk past the ceiling (a checkpoint may give some back later)
      expect(ended).not.toBeNull()
      expect(String(ended)).toMatch(/terminat|connection/i)
      const samples = await f.t.platform.ctx.db
        .selectFrom('resource_samples')
        .select(['disk_used_bytes', 'disk_size_bytes'])
        .where('project_id', '=', f.project.id)
        .execute()
      const highest = Math.max(...samples.map((s) => (Number(s.disk_used_bytes) / Number(s.disk_size_bytes)) * 100))
      expect(highest).toBeGreaterThanOrEqual(DISK_CEILING_PERCENT)

      // the way out: the SQL editor runs a query made only of DROP and TRUNCATE read-write
      expect((await editor('truncate hog')).status).toBeLessThan(300)
      const platform = await f.connectAsPlatform()
      const bytes = await platform.query<{ n: string }>("select pg_total_relation_size('public.hog') as n")
      await platform.end()
      expect(Number(bytes.rows[0]?.n)).toBeLessThan(64 * 1024)
      // this disk size is below what the project's WAL alone keeps (two 16 MB segments): grow it to get out
      await setDiskSize(((await disk()).used_bytes ?? 0) / 0.5 / BYTES_PER_GB)
      expect((await disk()).is_readonly_mode_enabled).toBe(false)
      const fresh = await waitFor(
        () => f.connect().catch(() => null),
        (c) => c !== null,
        10_000,
      )
      await fresh?.query('insert into hog values (1, null)')
      await fresh?.end()
    } finally {
      await client.end().catch(() => {})
      await setDiskSize(((await disk()).used_bytes ?? 0) / 0.5 / BYTES_PER_GB)
    }
  }, 180_000)
})

import {
  type DatabaseExtension,
  EXTENSION_NOT_FOUND_MESSAGE,
  EXTENSION_SCHEMA_FIXED_MESSAGE,
  EXTENSION_SCHEMA_MISSING_MESSAGE,
  EXTENSION_UNAVAILABLE_MESSAGE,
  EXTENSIONS_WRITE_DENIED,
  type Organization,
  PLATFORM_EXTENSIONS_SCHEMA,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_ACCESS_REASON } from '../control/extensions/allow-list'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { ApiClient } from '../testing/harness'

let f: ProjectFixture
let path = ''

beforeAll(async () => {
  f = await startProjectFixture()
  path = `/platform/projects/${f.project.ref}/extensions`
}, 120_000)
afterAll(async () => {
  await f?.t.destroy()
})

async function asTenant<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = await f.connect()
  try {
    return (await client.query(sql, values)).rows as T[]
  } finally {
    await client.end()
  }
}

async function enable(name: string, schema?: string) {
  return f.owner.post<DatabaseExtension & { message?: string }>(
    path,
    schema === undefined ? { name } : { name, schema },
  )
}

const disable = (name: string) =>
  f.owner.delete<DatabaseExtension & { message?: string }>(`${path}/${encodeURIComponent(name)}`)

describe('the extensions list', () => {
  it('lists every available extension with how the platform treats it', async () => {
    const response = await f.owner.get<DatabaseExtension[]>(path)
    expect(response.status).toBe(200)
    const byName = new Map(response.body.map((extension) => [extension.name, extension]))
    expect(byName.get('pgcrypto')).toMatchObject({ availability: 'trusted', reason: null })
    expect(byName.get('dblink')).toMatchObject({ availability: 'platform', installed_version: null })
    expect(byName.get('plperlu')).toMatchObject({ availability: 'unavailable', reason: SERVER_ACCESS_REASON })
    expect(byName.get('plpgsql')?.installed_version).not.toBeNull()
    expect(byName.get('pg_stat_statements')?.default_version).toMatch(/^\d/)
  })
})

describe('trusted extensions', () => {
  it('are created by the tenant owner, in public unless told otherwise', async () => {
    const response = await enable('pg_trgm')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body).toMatchObject({ name: 'pg_trgm', schema: 'public', availability: 'trusted' })
    expect(response.body.installed_version).not.toBeNull()
    const [owner] = await asTenant<{ owner: string }>(
      "select extowner::regrole::text as owner from pg_extension where extname = 'pg_trgm'",
    )
    expect(owner?.owner).toBe('postgres')
    expect((await enable('pg_trgm')).status).toBe(200)
  })

  it('go into an existing schema the request names, and no other', async () => {
    await asTenant('create schema if not exists tools')
    const created = await enable('citext', 'tools')
    expect(created.body).toMatchObject({ schema: 'tools' })
    const missing = await enable('hstore', 'nowhere')
    expect(missing).toMatchObject({ status: 400, body: { message: EXTENSION_SCHEMA_MISSING_MESSAGE('nowhere') } })
  })

  it('are disabled by the tenant owner', async () => {
    const response = await disable('citext')
    expect(response.status).toBe(200)
    expect(response.body.installed_version).toBeNull()
    expect((await disable('citext')).status).toBe(200)
  })
})

describe('dblink', () => {
  it('is installed by the platform in its own schema', async () => {
    const response = await enable('dblink')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body).toMatchObject({ availability: 'platform', schema: PLATFORM_EXTENSIONS_SCHEMA })
    const [schema] = await asTenant<{ owner: string; create: boolean }>(
      `select nspowner::regrole::text as owner, has_schema_privilege('postgres', nspname, 'CREATE') as create
       from pg_namespace where nspname = $1`,
      [PLATFORM_EXTENSIONS_SCHEMA],
    )
    expect(schema).toEqual({ owner: 'pgfleet_admin', create: false })
    const wrongSchema = await enable('dblink', 'public')
    expect(wrongSchema).toMatchObject({ status: 400, body: { message: EXTENSION_SCHEMA_FIXED_MESSAGE('dblink') } })
  })

  it('reaches a database over TCP with a password', async () => {
    const target = `host=127.0.0.1 port=${f.project.database.port} dbname=postgres user=postgres password=${f.dbPassword}`
    const rows = await asTenant<{ answer: number }>(
      `select answer from ${PLATFORM_EXTENSIONS_SCHEMA}.dblink($1, 'select 42') as t(answer int)`,
      [target],
    )
    expect(rows).toEqual([{ answer: 42 }])
  })

  it('cannot reach the platform superuser over the socket', async () => {
    const socketDir = String((await f.t.platform.ctx.driver.projectConnection(f.project.ref)).host)
    for (const target of [
      `host=${socketDir} port=${f.project.database.port} dbname=postgres user=pgfleet_admin`,
      `host=${socketDir} port=${f.project.database.port} dbname=postgres user=pgfleet_admin password=guess`,
    ]) {
      // dblink refuses a login that asked no password, and the server refuses the platform superuser's login
      // from any other OS user than the platform's (or with a wrong password)
      const refusal = await asTenant(`select * from ${PLATFORM_EXTENSIONS_SCHEMA}.dblink($1, 'select 1') as t(x int)`, [
        target,
      ]).then(
        () => 'dblink logged in',
        (error: { message: string; detail?: string }) => `${error.message}: ${error.detail ?? ''}`,
      )
      expect(refusal).toMatch(/password (or GSSAPI delegated credentials )?(is )?required|authentication failed/i)
    }
    await expect(
      asTenant(`select ${PLATFORM_EXTENSIONS_SCHEMA}.dblink_connect_u('c', 'dbname=postgres user=pgfleet_admin')`),
    ).rejects.toThrow(/permission denied/)
  })

  it('is disabled by the platform', async () => {
    const response = await disable('dblink')
    expect(response.status).toBe(200)
    expect(response.body.installed_version).toBeNull()
  })
})

describe('pg_stat_statements', () => {
  it('is loaded at server start, so enabling it works at once and the tenant can read and reset it', async () => {
    const response = await enable('pg_stat_statements')
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    await asTenant('select 1 + 1')
    const [count] = await asTenant<{ count: number }>(
      `select count(*)::int as count from ${PLATFORM_EXTENSIONS_SCHEMA}.pg_stat_statements`,
    )
    expect(count?.count).toBeGreaterThan(0)
    await asTenant(`select ${PLATFORM_EXTENSIONS_SCHEMA}.pg_stat_statements_reset()`)
  })
})

describe('postgres_fdw', () => {
  it('lets the tenant create servers, and is not dropped while one depends on it', async () => {
    expect((await enable('postgres_fdw')).status).toBe(200)
    await asTenant('create server elsewhere foreign data wrapper postgres_fdw')
    const refused = await disable('postgres_fdw')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/cannot be disabled while other objects depend on it.*server elsewhere/)
    // a foreign table on the project's own socket as the platform superuser: the server refuses the login (peer
    // from another OS user than the platform's, or a wrong password), and postgres_fdw refuses a login that asked
    // no password
    const socketDir = String((await f.t.platform.ctx.driver.projectConnection(f.project.ref)).host)
    await asTenant(`create server platform_socket foreign data wrapper postgres_fdw
        options (host '${socketDir}', port '${f.project.database.port}', dbname 'postgres');
      create user mapping for postgres server platform_socket options (user 'pgfleet_admin', password 'guess');
      create foreign table stolen_roles (rolname text) server platform_socket
        options (schema_name 'pg_catalog', table_name 'pg_authid')`)
    const refusal = await asTenant('select * from stolen_roles').then(
      () => 'the foreign table was read',
      (error: { message: string; detail?: string }) => `${error.message}: ${error.detail ?? ''}`,
    )
    expect(refusal).toMatch(/password (or GSSAPI delegated credentials )?(is )?required|authentication failed/i)
    await asTenant('drop server elsewhere; drop server platform_socket cascade')
    expect((await disable('postgres_fdw')).status).toBe(200)
  })
})

describe('refusals', () => {
  it.each(['plperlu', 'pltclu', 'file_fdw', 'adminpack'])('%s is never offered', async (name) => {
    const response = await enable(name)
    expect(response).toMatchObject({
      status: 400,
      body: { message: EXTENSION_UNAVAILABLE_MESSAGE(name, SERVER_ACCESS_REASON) },
    })
    expect((await disable(name)).status).toBe(400)
    const [installed] = await asTenant<{ count: number }>(
      'select count(*)::int as count from pg_extension where extname = $1',
      [name],
    )
    expect(installed?.count).toBe(0)
  })

  it('answers 404 for an extension the server does not have', async () => {
    const response = await enable('no_such_extension')
    expect(response).toMatchObject({ status: 404, body: { message: EXTENSION_NOT_FOUND_MESSAGE('no_such_extension') } })
  })

  it.each([['x; drop table'], ['a\u0000b'], ['a'.repeat(300)], ['"quoted"'], ['']])(
    'refuses the name %j with a 400',
    async (name) => {
      expect((await enable(name)).status).toBe(400)
      if (name) expect((await disable(name)).status).toBe(400)
    },
  )

  it('refuses unknown body fields and hostile schema names', async () => {
    expect((await f.owner.post(path, { name: 'pgcrypto', cascade: true })).status).toBe(400)
    expect((await enable('pgcrypto', 'a\u0000b')).status).toBe(400)
    expect((await enable('pgcrypto', 's'.repeat(64))).status).toBe(400)
  })
})

describe('permissions', () => {
  it('lets a read-only member list but not change extensions', async () => {
    const reader = await f.member('Read-only')
    expect((await reader.get(path)).status).toBe(200)
    const denied = await reader.post(path, { name: 'pgcrypto' })
    expect(denied).toMatchObject({ status: 403, body: { message: EXTENSIONS_WRITE_DENIED } })
    expect((await reader.delete(`${path}/pg_trgm`)).status).toBe(403)
  })

  it('lets a developer change extensions', async () => {
    const developer = await f.member('Developer')
    expect((await developer.post(path, { name: 'pgcrypto' })).status).toBe(200)
  })

  it("answers 404 to another organization's user", async () => {
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@ext.test', password: 'stranger-password' })
    expect((await stranger.get<Organization[]>('/platform/organizations')).status).toBe(200)
    expect((await stranger.get(path)).status).toBe(404)
    expect((await stranger.post(path, { name: 'dblink' })).status).toBe(404)
    expect((await stranger.delete(`${path}/pg_trgm`)).status).toBe(404)
  })
})

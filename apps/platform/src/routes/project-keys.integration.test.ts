import {
  API_KEYS_PERMISSION_DENIED,
  JWT_SECRET_UPDATE_DENIED,
  type JwtSecretUpdateStatusResponse,
  type PostgrestConfigResponse,
  type UpdateJwtSecretResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectApiKeys, verifyProjectJwt } from '../control/keys/api-keys'
import { jwtSecretUpdateJob } from '../control/keys/jwt-secret-job'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { type ApiClient, waitFor } from '../testing/harness'

let f: ProjectFixture
let developer: ApiClient
let readOnly: ApiClient
let ref = ''

beforeAll(async () => {
  f = await startProjectFixture()
  ref = f.project.ref
  developer = await f.member('Developer')
  readOnly = await f.member('Read-only')
  const client = await f.connect()
  await client.query(
    "create table public.notes (id int primary key, body text); insert into public.notes values (1, 'hello')",
  )
  await client.end()
})
afterAll(async () => {
  await f?.t.destroy()
})

const statusOf = async (client: ApiClient = f.owner) =>
  (await client.get<JwtSecretUpdateStatusResponse>(`/platform/props/project/${ref}/jwt-secret-update-status`)).body
const secretOf = async () =>
  (await f.owner.get<PostgrestConfigResponse>(`/platform/projects/${ref}/config/postgrest`)).body.jwt_secret
const keysFromApi = async (client: ApiClient = f.owner) =>
  (await client.get<{ name: string; api_key: string; type: string }[]>(`/v1/projects/${ref}/api-keys`)).body
const rowOf = () =>
  f.t.platform.ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow()
const readNotes = (apiKey: string) =>
  fetch(`${f.t.baseUrl}/p/${ref}/rest/v1/notes?select=body`, {
    headers: { apikey: apiKey, authorization: `Bearer ${apiKey}` },
  })
const rotate = (body: object, client: ApiClient = f.owner) =>
  client.patch<UpdateJwtSecretResponse & { message?: string }>(`/platform/projects/${ref}/config/secrets`, body)
const waitUpdated = (id: string) =>
  waitFor(statusOf, (s) => s.change_tracking_id === id && s.status !== 'Updating', 20_000, 250)

describe('JWT secret and API keys', () => {
  it('has no update status before the first rotation', async () => {
    expect(await statusOf()).toEqual({ status: null, progress: null, error: null, change_tracking_id: null })
  })

  it('answers the data API config with the JWT secret only to members who may read API keys', async () => {
    const config = await f.owner.get<PostgrestConfigResponse>(`/platform/projects/${ref}/config/postgrest`)
    expect(config.status).toBe(200)
    expect(config.body).toMatchObject({
      db_schema: 'public',
      db_anon_role: 'anon',
      jwt_secret: (await rowOf()).jwt_secret,
    })
    expect((await developer.get(`/platform/projects/${ref}/config/postgrest`)).status).toBe(200)
    const denied = await readOnly.get<{ message: string }>(`/platform/projects/${ref}/config/postgrest`)
    expect(denied).toEqual({ status: 403, body: { message: API_KEYS_PERMISSION_DENIED } })
    // the API keys answer never carries the service_role key to such a member
    const legacy = (await keysFromApi(readOnly)).filter((k) => k.type === 'legacy')
    expect(legacy.map((k) => k.name)).toEqual(['anon'])
  })

  it('rotates to a generated secret: both keys change, old keys stop verifying, new ones work', async () => {
    const before = await rowOf()
    const oldKeys = await projectApiKeys(before)
    expect((await readNotes(oldKeys.anon)).status).toBe(200)

    const started = await rotate({})
    expect(started.status).toBe(202)
    const { change_tracking_id } = started.body
    expect(change_tracking_id).toMatch(/^[0-9a-f-]{36}$/)
    const running = await statusOf()
    expect(running).toMatchObject({ change_tracking_id, error: null })
    expect(['Updating', 'Updated']).toContain(running.status)

    const done = await waitUpdated(change_tracking_id)
    expect(done).toEqual({ status: 'Updated', progress: 'Completed', error: null, change_tracking_id })

    const secret = await secretOf()
    expect(secret).not.toBe(before.jwt_secret)
    expect(secret.length).toBeGreaterThanOrEqual(32)
    const newKeys = await keysFromApi()
    const anon = newKeys.find((k) => k.name === 'anon')?.api_key ?? ''
    const service = newKeys.find((k) => k.name === 'service_role')?.api_key ?? ''
    expect(anon).not.toBe(oldKeys.anon)
    expect(service).not.toBe(oldKeys.service_role)
    expect((await verifyProjectJwt(anon, secret)).role).toBe('anon')
    expect((await verifyProjectJwt(service, secret)).role).toBe('service_role')
    await expect(verifyProjectJwt(oldKeys.anon, secret)).rejects.toThrow()
    await expect(verifyProjectJwt(oldKeys.service_role, secret)).rejects.toThrow()

    // the data API follows: the old key is refused, the new one reads
    expect((await readNotes(oldKeys.anon)).status).toBe(401)
    const read = await readNotes(anon)
    expect(read.status).toBe(200)
    expect(await read.json()).toEqual([{ body: 'hello' }])
    // publishable and secret keys are not made from the JWT secret: a rotation leaves them working
    const publishable = newKeys.find((k) => k.type === 'publishable')?.api_key ?? ''
    expect(publishable.startsWith('sb_publishable_')).toBe(true)
    expect((await readNotes(publishable)).status).toBe(200)
    // the pending secret is not kept once the update is over
    const update = await f.t.platform.ctx.db
      .selectFrom('jwt_secret_updates')
      .select('new_secret')
      .where('change_tracking_id', '=', change_tracking_id)
      .executeTakeFirstOrThrow()
    expect(update.new_secret).toBeNull()
  })

  it('rotates to a chosen secret with the caller’s change_tracking_id, one update at a time', async () => {
    const chosen = 'a-chosen-jwt-secret-that-is-long-enough-0123456789'
    const id = '5b7f2c1e-0d7a-4c55-9d4e-8f1a2b3c4d5e'
    const started = await rotate({ jwt_secret: chosen, change_tracking_id: id })
    expect(started).toMatchObject({ status: 202, body: { change_tracking_id: id } })
    const second = await rotate({})
    expect(second.status).toBe(409)
    expect(second.body.message).toContain('already running')
    await waitUpdated(id)
    expect(await secretOf()).toBe(chosen)
    const keys = await keysFromApi()
    expect((await verifyProjectJwt(keys[0]?.api_key ?? '', chosen)).role).toBe('anon')
    const reused = await rotate({ change_tracking_id: id })
    expect(reused.status).toBe(409)
  })

  it('refuses a short secret, and rotation by members who may not update the project', async () => {
    const short = await rotate({ jwt_secret: 'too-short' })
    expect(short).toEqual({ status: 400, body: { message: 'The JWT secret must be at least 32 characters' } })
    for (const member of [developer, readOnly]) {
      expect(await rotate({}, member)).toEqual({ status: 403, body: { message: JWT_SECRET_UPDATE_DENIED } })
    }
    expect((await statusOf(readOnly)).status).toBe('Updated')
  })

  it('reports Failed with the reason when the job cannot install the secret', async () => {
    const { ctx } = f.t.platform
    const before = await rowOf()
    const update = await ctx.db
      .insertInto('jwt_secret_updates')
      .values({
        project_ref: ref,
        change_tracking_id: '0f0e0d0c-0b0a-4908-8706-050403020100',
        status: 'Updating',
        progress: 'Started',
        new_secret: 'short',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await jwtSecretUpdateJob(ctx, 0)({ ref, updateId: update.id }, { isFinalAttempt: true })
    expect(await statusOf()).toEqual({
      status: 'Failed',
      progress: 'Storing new secret',
      error: 'The new JWT secret must be at least 32 characters',
      change_tracking_id: '0f0e0d0c-0b0a-4908-8706-050403020100',
    })
    expect((await rowOf()).jwt_secret).toBe(before.jwt_secret)
  })
})

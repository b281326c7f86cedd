import {
  type AddMemberResponse,
  INSTANCE_ADMIN_ONLY_MESSAGE,
  INSTANCE_ADMIN_SELF_REMOVAL_MESSAGE,
  INSTANCE_ADMIN_UNKNOWN_USER_MESSAGE,
  type InstanceAdmin,
  type Organization,
  PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE,
  type Profile,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform } from '../testing/harness'

/**
 * Plans are the operator's decision (there is no billing provider to pay for one): an organization's Owner must not
 * put it on a paid plan. Only instance administrators (PGFLEET_ADMIN_EMAIL's user, and those it names) set plans.
 */
let t: TestPlatform
const ADMIN = { email: 'operator@pgfleet.test', password: 'operator-password' }
const client = () => new ApiClient(() => t.baseUrl)
let admin: ApiClient
let owner: ApiClient
let developer: ApiClient
let slug = ''

const planOf = async () => (await owner.get<Organization>(`/platform/organizations/${slug}`)).body.plan.id
const changePlan = (as: ApiClient, plan = 'pro') =>
  as.put<{ message?: string }>(`/platform/organizations/${slug}/billing/subscription`, { plan })

beforeAll(async () => {
  t = await startTestPlatform({ PGFLEET_ADMIN_EMAIL: ADMIN.email, PGFLEET_ADMIN_PASSWORD: ADMIN.password })
  admin = client()
  expect((await admin.post('/platform/auth/login', ADMIN)).status).toBe(200)
  owner = client()
  await owner.post('/platform/auth/signup', { email: 'owner@tenant.test', password: 'owner-password' })
  slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  developer = client()
  await developer.post('/platform/auth/signup', { email: 'dev@tenant.test', password: 'developer-password' })
  const added = await owner.post<AddMemberResponse>(`/platform/organizations/${slug}/members`, {
    email: 'dev@tenant.test',
    role_name: 'Developer',
  })
  expect(added.body.kind).toBe('member')
})
afterAll(async () => {
  await t?.destroy()
})

describe('plans', () => {
  it('refuses an Owner who is not an instance administrator (403, with why) and a Developer', async () => {
    expect(await changePlan(owner)).toEqual({ status: 403, body: { message: PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE } })
    expect((await changePlan(developer)).status).toBe(403)
    expect(await planOf()).toBe('free')
  })

  it('answers 404 to someone outside the organization, as for any organization they cannot see', async () => {
    const stranger = client()
    await stranger.post('/platform/auth/signup', { email: 'stranger@elsewhere.test', password: 'stranger-password' })
    expect((await changePlan(stranger)).status).toBe(404)
    expect(await planOf()).toBe('free')
  })

  it('lets the configured instance administrator set any organization’s plan', async () => {
    expect((await admin.get<Profile>('/platform/profile')).body.instance_admin).toBe(true)
    expect((await owner.get<Profile>('/platform/profile')).body.instance_admin).toBe(false)
    const changed = await changePlan(admin)
    expect(changed.status).toBe(200)
    expect(await planOf()).toBe('pro')
    expect((await changePlan(admin, 'free')).status).toBe(200)
    expect((await admin.put('/platform/organizations/no-such-org/billing/subscription', { plan: 'pro' })).status).toBe(
      404,
    )
  })
})

describe('instance administrators', () => {
  it('are listed, named and removed by instance administrators only', async () => {
    for (const call of [
      () => owner.get('/platform/instance-admins'),
      () => owner.post('/platform/instance-admins', { email: 'owner@tenant.test' }),
      () => developer.delete('/platform/instance-admins/1'),
    ]) {
      expect(await call()).toEqual({ status: 403, body: { message: INSTANCE_ADMIN_ONLY_MESSAGE } })
    }
    expect((await owner.get<Profile>('/platform/profile')).body.instance_admin).toBe(false)

    const listed = await admin.get<InstanceAdmin[]>('/platform/instance-admins')
    expect(listed.body.map((a) => [a.email, a.configured])).toEqual([[ADMIN.email, true]])
    expect(await admin.post('/platform/instance-admins', { email: 'nobody@tenant.test' })).toEqual({
      status: 404,
      body: { message: INSTANCE_ADMIN_UNKNOWN_USER_MESSAGE },
    })

    const named = await admin.post<InstanceAdmin>('/platform/instance-admins', { email: 'Owner@Tenant.test' })
    expect(named.status).toBe(201)
    expect(named.body).toMatchObject({ email: 'owner@tenant.test', configured: false })
    expect((await changePlan(owner)).status).toBe(200)
    expect(await planOf()).toBe('pro')

    // nobody removes themselves (so one always remains); another instance administrator can
    const adminId = listed.body[0]?.id
    expect(await admin.delete(`/platform/instance-admins/${adminId}`)).toEqual({
      status: 400,
      body: { message: INSTANCE_ADMIN_SELF_REMOVAL_MESSAGE },
    })
    expect((await admin.delete(`/platform/instance-admins/${named.body.id}`)).status).toBe(200)
    expect((await changePlan(owner, 'free')).status).toBe(403)
    expect(await planOf()).toBe('pro')
  })

  it('keeps PGFLEET_ADMIN_EMAIL’s user an instance administrator across restarts', async () => {
    await t.platform.ctx.db
      .updateTable('users')
      .set({ instance_admin: false })
      .where('email', '=', ADMIN.email)
      .execute()
    await t.restart()
    const again = client()
    await again.post('/platform/auth/login', ADMIN)
    expect((await again.get<Profile>('/platform/profile')).body.instance_admin).toBe(true)
  })
})

import { createClient } from '@supabase/supabase-js'
import bcrypt from 'bcryptjs'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../../testing/harness'
import { type AuthTestProject, startAuthTestProject } from './testing'

/** supabase.auth against a real project: sign-up, sign-in, sessions, the user, RLS with auth.uid(), errors. */
let p: AuthTestProject

beforeAll(async () => {
  // samples every second, and two refused requests an hour already make the auth rate-limit warning
  p = await startAuthTestProject({
    PGFLEET_RESOURCE_SAMPLE_INTERVAL_MS: '1000',
    PGFLEET_AUTH_RATE_LIMIT_HITS_PER_HOUR: '2',
  })
  await p.configure({ mailer_autoconfirm: true })
  await p.sql(`
    create table notes (
      id serial primary key,
      user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
      body text not null
    );
    alter table notes enable row level security;
    create policy "own notes" on notes for all to authenticated
      using (auth.uid() = user_id) with check (auth.uid() = user_id);
    create table profiles (id uuid primary key references auth.users (id) on delete cascade, full_name text);
    create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = ''
    as $$ begin
      insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
      return new;
    end $$;
    create trigger on_auth_user_created after insert on auth.users for each row execute procedure public.handle_new_user();
  `)
}, 120_000)
afterAll(async () => {
  await p?.destroy()
})

describe('sign-up and sign-in', () => {
  it('signs up with a password, gets a session, and the profile trigger makes the profile row', async () => {
    const client = p.authClient()
    const { data, error } = await client.auth.signUp({
      email: 'Ann@Example.com',
      password: 'ann-password-1',
      options: { data: { full_name: 'Ann Example' } },
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.email).toBe('ann@example.com')
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ann Example' })
    expect(data.user?.identities?.[0]?.provider).toBe('email')
    const profiles = await p.sql('select full_name from profiles where id = $1', [data.user?.id])
    expect(profiles).toEqual([{ full_name: 'Ann Example' }])
  })

  it('refuses a second sign-up of the same address, and a weak password, with GoTrue codes', async () => {
    const client = p.authClient()
    const again = await client.auth.signUp({ email: 'ann@example.com', password: 'ann-password-1' })
    expect(again.error?.code).toBe('user_already_exists')
    const weak = await client.auth.signUp({ email: 'weak@example.com', password: '123' })
    expect(weak.error?.code).toBe('weak_password')
    expect(weak.error?.status).toBe(422)
  })

  it('signs in with the password; a wrong one and an unknown address answer invalid_credentials', async () => {
    const client = p.authClient()
    const ok = await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    expect(ok.error).toBeNull()
    expect(ok.data.session?.user.email).toBe('ann@example.com')
    const wrong = await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'nope-nope' })
    expect(wrong.error?.code).toBe('invalid_credentials')
    const unknown = await client.auth.signInWithPassword({ email: 'nobody@example.com', password: 'nope-nope' })
    expect(unknown.error?.code).toBe('invalid_credentials')
  })

  it('issues tokens with the claims the other services read', async () => {
    const client = p.authClient()
    const { data } = await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    const token = data.session?.access_token ?? ''
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      sub: data.user?.id,
      email: 'ann@example.com',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${p.authUrl}`,
    })
    expect(claims.session_id).toBeTruthy()
    expect(claims.amr[0].method).toBe('password')
    expect(claims.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] })
  })
})

describe('the signed-in user', () => {
  it('reads and updates the user, changes the password, and signs out', async () => {
    const client = p.authClient()
    await client.auth.signUp({ email: 'bob@example.com', password: 'bob-password-1' })
    const user = await client.auth.getUser()
    expect(user.data.user?.email).toBe('bob@example.com')
    const updated = await client.auth.updateUser({ data: { theme: 'dark' }, password: 'bob-password-2' })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toMatchObject({ theme: 'dark' })
    await client.auth.signOut()
    const other = p.authClient()
    expect(
      (await other.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-1' })).error?.code,
    ).toBe('invalid_credentials')
    expect(
      (await other.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-2' })).error,
    ).toBeNull()
  })

  it('refreshes a session; a signed-out session can neither refresh nor read the user', async () => {
    const client = p.authClient()
    const signIn = await client.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-2' })
    const first = signIn.data.session
    const refreshed = await client.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(first?.refresh_token)
    const token = refreshed.data.session?.access_token ?? ''
    await client.auth.signOut({ scope: 'local' })
    const after = await p.authFetch('/user', { headers: { authorization: `Bearer ${token}` } })
    expect(after.status).toBe(403)
    expect(after.body.code).toBe('session_not_found')
    const refreshAfter = await p.authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: refreshed.data.session?.refresh_token }),
    })
    expect(refreshAfter.status).toBe(400)
  })

  it('ends the whole session when a rotated refresh token is used again after the grace interval', async () => {
    await p.configure({ security_refresh_token_reuse_interval: 0 })
    try {
      const client = p.authClient()
      const { data } = await client.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-2' })
      const original = data.session?.refresh_token
      const refresh = (token: string | undefined) =>
        p.authFetch('/token?grant_type=refresh_token', {
          method: 'POST',
          body: JSON.stringify({ refresh_token: token }),
        })
      const next = await refresh(original)
      expect(next.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const replay = await refresh(original)
      expect(replay.status).toBe(400)
      expect(replay.body.code).toBe('refresh_token_already_used')
      // the thief's replay ended the family: the legitimate successor no longer works either
      const successor = await refresh(next.body.refresh_token as string)
      expect(successor.status).toBe(400)
    } finally {
      await p.configure({ security_refresh_token_reuse_interval: 10 })
    }
  })
})

describe('row-level security with auth.uid()', () => {
  it('lets each signed-in user see and write only their own rows through the data API', async () => {
    const ann = p.authClient()
    await ann.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    const bob = p.authClient()
    await bob.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-2' })
    expect((await ann.from('notes').insert({ body: 'ann note' })).error).toBeNull()
    expect((await bob.from('notes').insert({ body: 'bob note' })).error).toBeNull()
    expect((await ann.from('notes').select('body')).data).toEqual([{ body: 'ann note' }])
    expect((await bob.from('notes').select('body')).data).toEqual([{ body: 'bob note' }])
    const anon = p.authClient()
    expect((await anon.from('notes').select('body')).data).toEqual([])
    const annId = (await ann.auth.getUser()).data.user?.id
    const forged = await bob.from('notes').insert({ body: 'as ann', user_id: annId })
    expect(forged.error?.code).toBe('42501')
  })
})

describe('storage with real sessions', () => {
  it("keeps each user's files in their own folder by a policy on auth.uid()", async () => {
    await p.sql(`
      create policy "own folder read" on storage.objects for select to authenticated
        using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "own folder write" on storage.objects for insert to authenticated
        with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
    `)
    const service = createClient(p.projectUrl, p.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    expect((await service.storage.createBucket('docs', { public: false })).error).toBeNull()
    const ann = p.authClient()
    const annId = (await ann.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })).data
      .user?.id
    const bob = p.authClient()
    const bobId = (await bob.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-2' })).data
      .user?.id
    expect((await ann.storage.from('docs').upload(`${annId}/plan.txt`, 'ann only')).error).toBeNull()
    expect((await ann.storage.from('docs').upload(`${bobId}/planted.txt`, 'no')).error).not.toBeNull()
    expect(await (await ann.storage.from('docs').download(`${annId}/plan.txt`)).data?.text()).toBe('ann only')
    expect((await bob.storage.from('docs').download(`${annId}/plan.txt`)).error).not.toBeNull()
  })
})

describe('anonymous sign-in and settings', () => {
  it('refuses anonymous sign-ins until enabled, then makes an anonymous user', async () => {
    const client = p.authClient()
    const refused = await client.auth.signInAnonymously()
    expect(refused.error?.code).toBe('anonymous_provider_disabled')
    await p.configure({ external_anonymous_users_enabled: true })
    const { data, error } = await client.auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    const settings = await p.authFetch('/settings')
    expect(settings.body).toMatchObject({ external: { anonymous_users: true, email: true }, mailer_autoconfirm: true })
  })

  it("signs in a project's test phone number with its fixed code; other numbers are refused plainly", async () => {
    await p.configure({ external_phone_enabled: true, sms_test_otp: '15550001111=246810' })
    const client = p.authClient()
    expect((await client.auth.signInWithOtp({ phone: '+1 555 000 1111' })).error).toBeNull()
    const wrong = await client.auth.verifyOtp({ phone: '15550001111', token: '111111', type: 'sms' })
    expect(wrong.error?.code).toBe('otp_expired')
    const { data, error } = await client.auth.verifyOtp({ phone: '15550001111', token: '246810', type: 'sms' })
    expect(error).toBeNull()
    expect(data.user?.phone).toBe('15550001111')
    expect(data.user?.phone_confirmed_at).toBeTruthy()
    const other = await client.auth.signInWithOtp({ phone: '+15550002222' })
    expect(other.error?.code).toBe('sms_send_failed')
  })

  it('refuses sign-ups when they are disabled', async () => {
    await p.configure({ disable_signup: true })
    try {
      const { error } = await p.authClient().auth.signUp({ email: 'late@example.com', password: 'late-password-1' })
      expect(error?.code).toBe('signup_disabled')
    } finally {
      await p.configure({ disable_signup: false })
    }
  })
})

describe('read-only mode', () => {
  it('refuses sign-ups and sign-ins with a clear error while reads keep working', async () => {
    const client = p.authClient()
    await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    p.t.platform.ctx.resources.modes.set(p.ref, true)
    try {
      const signUp = await p.authFetch('/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'ro@example.com', password: 'ro-password-1' }),
      })
      expect(signUp.status).toBe(503)
      expect(signUp.body.code).toBe('read_only_mode')
      expect(String(signUp.body.message)).toMatch(/read-only/)
      expect((await client.auth.getUser()).data.user?.email).toBe('ann@example.com')
    } finally {
      p.t.platform.ctx.resources.modes.set(p.ref, false)
    }
  })
})

describe('errors in both shapes', () => {
  it('answers { code, message } with the version header, { code, error_code, msg } without', async () => {
    const body = JSON.stringify({ email: 'ann@example.com', password: 'wrong-password' })
    const coded = await p.authFetch('/token?grant_type=password', { method: 'POST', body })
    expect(coded.status).toBe(400)
    expect(coded.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(coded.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
    const older = await p.authFetch('/token?grant_type=password', { method: 'POST', body, version: null })
    expect(older.headers.get('x-supabase-api-version')).toBeNull()
    expect(older.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })
  })
})

describe('attacks', () => {
  it("refuses another project's token, an unsigned token and a missing apikey", async () => {
    const foreign = await new SignJWT({ sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-projects-secret-that-is-long-enough'))
    const withForeign = await p.authFetch('/user', { headers: { authorization: `Bearer ${foreign}` } })
    expect(withForeign.status).toBe(403)
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(
      JSON.stringify({ sub: '00000000-0000-0000-0000-000000000001', role: 'service_role', exp: 4_000_000_000 }),
    ).toString('base64url')
    const unsigned = `${header}.${payload}.`
    expect((await p.authFetch('/user', { headers: { authorization: `Bearer ${unsigned}` } })).status).toBe(403)
    expect((await p.authFetch('/admin/users', { headers: { authorization: `Bearer ${unsigned}` } })).status).toBe(403)
    expect((await p.authFetch('/settings', { key: null })).status).toBe(401)
    expect((await p.authFetch('/settings', { key: unsigned })).status).toBe(401)
  })

  it('refuses over-long and NUL-bearing addresses and passwords without a server error', async () => {
    const attempts = [
      { email: `${'a'.repeat(300)}@example.com`, password: 'long-enough-1' },
      { email: 'nul\u0000@example.com', password: 'long-enough-1' },
      { email: 'ok@example.com', password: 'pass\u0000word-1' },
      { email: 'ok@example.com', password: 'x'.repeat(5000) },
    ]
    for (const attempt of attempts) {
      const answer = await p.authFetch('/signup', { method: 'POST', body: JSON.stringify(attempt) })
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
  })

  it('a tenant trigger on auth.users runs as the auth role: it cannot read tenant tables or take the schema', async () => {
    await p.sql(`
      create table secrets (v text); insert into secrets values ('s3cret');
      create function public.steal() returns trigger language plpgsql as $$
      begin
        if new.raw_user_meta_data ->> 'attack' = 'read' then perform * from public.secrets; end if;
        if new.raw_user_meta_data ->> 'attack' = 'schema' then alter schema auth owner to postgres; end if;
        if new.raw_user_meta_data ->> 'attack' = 'grant' then grant supabase_auth_admin to postgres; end if;
        return new;
      end $$;
      create trigger steal after insert on auth.users for each row execute procedure public.steal();
    `)
    try {
      for (const attack of ['read', 'schema', 'grant']) {
        const { error } = await p.authClient().auth.signUp({
          email: `attack-${attack}@example.com`,
          password: 'attack-password-1',
          options: { data: { attack } },
        })
        expect(error?.status, attack).toBe(500)
      }
      const owner = await p.sql(`select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'auth'`)
      expect(owner).toEqual([{ owner: 'supabase_auth_admin' }])
      const member = await p.sql(`select pg_has_role('postgres', 'supabase_auth_admin', 'member') as member`)
      expect(member).toEqual([{ member: false }])
    } finally {
      await p.sql("select auth.drop_trigger('users', 'steal')")
    }
  })
})

describe('users moved from a hosted project', () => {
  it('restores a data dump of the auth tables (bcrypt hashes included) and its users sign in', async () => {
    const id = '6f2b8a4e-1d3c-4e5f-8a9b-0c1d2e3f4a5b'
    const hash = bcrypt.hashSync('hosted-password-1', 10)
    // what `pg_dump --data-only --inserts --schema=auth` of a hosted project holds, restored as the tenant's owner
    await p.sql(`
      INSERT INTO auth.schema_migrations (version) VALUES ('20171026211738'), ('20240427152123') ON CONFLICT DO NOTHING;
      INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
        email_change_token_new, email_change, is_super_admin, is_sso_user, is_anonymous)
      VALUES ('00000000-0000-0000-0000-000000000000', '${id}', 'authenticated', 'authenticated', 'moved@example.com',
        '${hash}', now(), '{"provider":"email","providers":["email"]}', '{"plan":"pro"}', now(), now(), '', '', '', '',
        NULL, false, false);
      INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
      VALUES ('${id}', '${id}', '{"sub":"${id}","email":"moved@example.com","email_verified":true}', 'email', now(), now(), now(),
        gen_random_uuid());
    `)
    const client = p.authClient()
    const { data, error } = await client.auth.signInWithPassword({
      email: 'moved@example.com',
      password: 'hosted-password-1',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(id)
    expect(data.user?.user_metadata).toEqual({ plan: 'pro' })
    const [row] = await p.sql<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [id],
    )
    expect(row?.encrypted_password.startsWith('$argon2id$')).toBe(true)
    expect(
      (await p.authClient().auth.signInWithPassword({ email: 'moved@example.com', password: 'hosted-password-1' }))
        .error,
    ).toBeNull()
  })
})

describe('rate limits', () => {
  it('refuses a sign-in flood from one address with 429 and counts it toward the resource warning', async () => {
    await p.configure({ rate_limit_signups_signins: 3 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const answer = await p.authFetch('/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email: 'ann@example.com', password: `guess-${i}` }),
        })
        statuses.push(answer.status)
        if (answer.status === 429) expect(answer.body.code).toBe('over_request_rate_limit')
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2)
      const warnings = await waitFor(
        async () =>
          (
            (
              await p.api.get<{ project: string; auth_rate_limit_exhaustion: string | null }[]>(
                '/platform/projects-resource-warnings',
              )
            ).body ?? []
          ).find((w) => w.project === p.ref),
        (w) => w?.auth_rate_limit_exhaustion !== null && w?.auth_rate_limit_exhaustion !== undefined,
        20_000,
      )
      expect(warnings?.auth_rate_limit_exhaustion).toBeTruthy()
    } finally {
      await p.configure({ rate_limit_signups_signins: 30 })
    }
  })
})

describe('the new API keys', () => {
  it('works with the publishable key, runs the admin API with a secret key, and honours the legacy switch', async () => {
    const keys = (await p.api.get<{ type: string; api_key: string }[]>(`/v1/projects/${p.ref}/api-keys?reveal=true`))
      .body
    const publishable = keys.find((key) => key.type === 'publishable')?.api_key as string
    const secret = keys.find((key) => key.type === 'secret')?.api_key as string
    expect(publishable).toMatch(/^sb_publishable_/)
    const client = p.authClient({ key: publishable })
    expect(
      (await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })).error,
    ).toBeNull()
    expect((await client.auth.getUser()).data.user?.email).toBe('ann@example.com')
    const admin = createClient(p.projectUrl, secret, { auth: { persistSession: false, autoRefreshToken: false } })
    expect((await admin.auth.admin.listUsers({ perPage: 1 })).error).toBeNull()
    const fromBrowser = await p.authFetch('/settings', {
      key: secret,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
    })
    expect(fromBrowser.status).toBe(401)
    expect((await p.api.put(`/v1/projects/${p.ref}/api-keys/legacy?enabled=false`)).status).toBe(200)
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await p.authFetch('/settings')).status).toBe(401)
      expect((await p.authFetch('/settings', { key: publishable })).status).toBe(200)
    } finally {
      await p.api.put(`/v1/projects/${p.ref}/api-keys/legacy?enabled=true`)
    }
  })
})

describe('the admin API', () => {
  it('creates, pages, reads, bans and deletes users with the service role', async () => {
    const admin = createClient(p.projectUrl, p.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).auth.admin
    const created = await admin.createUser({
      email: 'carl@example.com',
      password: 'carl-password-1',
      email_confirm: true,
    })
    expect(created.error).toBeNull()
    const id = created.data.user?.id as string
    const page = await admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    expect((page.data as { total?: number }).total).toBeGreaterThanOrEqual(4)
    expect((page.data as { nextPage?: number | null }).nextPage).toBe(2)
    expect((await admin.getUserById(id)).data.user?.email).toBe('carl@example.com')
    const client = p.authClient()
    expect(
      (await client.auth.signInWithPassword({ email: 'carl@example.com', password: 'carl-password-1' })).error,
    ).toBeNull()
    expect((await admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull()
    const banned = await p
      .authClient()
      .auth.signInWithPassword({ email: 'carl@example.com', password: 'carl-password-1' })
    expect(banned.error?.code).toBe('user_banned')
    expect((await admin.deleteUser(id)).error).toBeNull()
    expect((await admin.getUserById(id)).error?.status).toBe(404)
    const anonAdmin = p.authClient().auth.admin
    expect((await anonAdmin.listUsers()).error?.status).toBe(403)
  })
})

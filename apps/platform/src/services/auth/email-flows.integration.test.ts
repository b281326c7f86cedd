import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpCatcher, startSmtpCatcher } from '../../testing/smtp-catcher'
import { type AuthTestProject, startAuthTestProject } from './testing'

/**
 * The email flows end to end with supabase-js: every email goes through the project's own SMTP settings to a real
 * SMTP server on loopback (reached through the operator's allow list for exactly its address), is caught, and its
 * link or code completes the flow.
 */
const SITE = 'http://app.test'
let p: AuthTestProject
let smtp: SmtpCatcher

class NoRealtime {
  constructor() {
    throw new Error('no realtime here')
  }
}

const linkIn = (html: string) => {
  const match = /href="([^"]+\/auth\/v1\/verify[^"]*)"/.exec(html)
  if (!match?.[1]) throw new Error(`no verify link in: ${html.slice(0, 300)}`)
  return match[1].replaceAll('&amp;', '&')
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''

/** Follows a verify link like a browser: the redirect's URL (session in the fragment, or ?code= with PKCE). */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location') ?? '')
}

beforeAll(async () => {
  smtp = await startSmtpCatcher()
  p = await startAuthTestProject({ PGFLEET_EGRESS_ALLOW: `${smtp.host}:${smtp.port}` })
  await p.configure({
    site_url: SITE,
    smtp_host: smtp.host,
    smtp_port: String(smtp.port),
    smtp_admin_email: 'no-reply@app.test',
    smtp_sender_name: 'App',
    smtp_max_frequency: 60,
  })
}, 120_000)
afterAll(async () => {
  await p?.destroy()
  await smtp?.close()
})

describe('confirming a sign-up', () => {
  it('sends the confirmation; its link confirms the address and signs the user in', async () => {
    const client = p.authClient()
    const { data, error } = await client.auth.signUp({ email: 'dora@example.com', password: 'dora-password-1' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    const before = await client.auth.signInWithPassword({ email: 'dora@example.com', password: 'dora-password-1' })
    expect(before.error?.code).toBe('email_not_confirmed')
    const mail = await smtp.waitForMail('dora@example.com')
    expect(mail.from).toBe('no-reply@app.test')
    const landed = await follow(linkIn(mail.html))
    expect(landed.origin).toBe(SITE)
    const fragment = new URLSearchParams(landed.hash.slice(1))
    expect(fragment.get('type')).toBe('signup')
    const user = await p.authFetch('/user', { headers: { authorization: `Bearer ${fragment.get('access_token')}` } })
    expect(user.body.email_confirmed_at).toBeTruthy()
    expect(
      (await client.auth.signInWithPassword({ email: 'dora@example.com', password: 'dora-password-1' })).error,
    ).toBeNull()
    // a link works once
    const again = await follow(linkIn(mail.html))
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired')
  })

  it('with PKCE, the link redirects with a code that supabase-js exchanges', async () => {
    const client = createClient(p.projectUrl, p.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtime as never },
    })
    await client.auth.signUp({
      email: 'pia@example.com',
      password: 'pia-password-1',
      options: { emailRedirectTo: SITE },
    })
    const landed = await follow(linkIn((await smtp.waitForMail('pia@example.com')).html))
    const code = landed.searchParams.get('code')
    expect(code).toBeTruthy()
    const { data, error } = await client.auth.exchangeCodeForSession(code as string)
    expect(error).toBeNull()
    expect(data.user?.email).toBe('pia@example.com')
  })
})

describe('signing in by email', () => {
  it('sends a magic link with a code; the typed code signs in', async () => {
    await p.configure({ mailer_subjects_magic_link: 'Your code for {{ .SiteURL }}' })
    const client = p.authClient()
    expect((await client.auth.signInWithOtp({ email: 'dora@example.com' })).error).toBeNull()
    const mail = await smtp.waitForMail('dora@example.com')
    expect(mail.subject).toBe(`Your code for ${SITE}`)
    const { data, error } = await client.auth.verifyOtp({
      email: 'dora@example.com',
      token: codeIn(mail.text),
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe('dora@example.com')
  })

  it('makes an account for a new address (unless told not to)', async () => {
    const client = p.authClient()
    const refused = await client.auth.signInWithOtp({
      email: 'nobody@example.com',
      options: { shouldCreateUser: false },
    })
    expect(refused.error?.code).toBe('otp_disabled')
    expect((await client.auth.signInWithOtp({ email: 'newbie@example.com' })).error).toBeNull()
    const mail = await smtp.waitForMail('newbie@example.com')
    const landed = await follow(linkIn(mail.html))
    expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy()
  })
})

describe('recovering a password', () => {
  it('sends a recovery link; its code signs in and the password can be changed', async () => {
    // the magic link above went to the same address a moment ago: no minimum interval for this one
    await p.configure({ smtp_max_frequency: 0 })
    const client = p.authClient()
    expect((await client.auth.resetPasswordForEmail('dora@example.com', { redirectTo: SITE })).error).toBeNull()
    const mail = await smtp.waitForMail('dora@example.com')
    const hash = new URL(linkIn(mail.html)).searchParams.get('token') as string
    const { error } = await client.auth.verifyOtp({ token_hash: hash, type: 'recovery' })
    expect(error).toBeNull()
    expect((await client.auth.updateUser({ password: 'dora-password-2' })).error).toBeNull()
    expect(
      (await p.authClient().auth.signInWithPassword({ email: 'dora@example.com', password: 'dora-password-2' })).error,
    ).toBeNull()
    await p.configure({ smtp_max_frequency: 60 })
  })

  it('holds a flood against one address to one email a minute, without blocking email to others', async () => {
    const client = p.authClient()
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await client.auth.resetPasswordForEmail('newbie@example.com'))
    expect(answers[0]?.error).toBeNull()
    expect(
      answers.slice(1).map((answer) => answer.error?.code ?? `${answer.error?.name} ${answer.error?.status}`),
    ).toEqual(Array(3).fill('over_email_send_rate_limit'))
    await smtp.waitForMail('newbie@example.com')
    expect((await client.auth.resetPasswordForEmail('pia@example.com')).error).toBeNull()
    await smtp.waitForMail('pia@example.com')
    // an unknown address is answered like a known one, and nothing is sent
    expect((await client.auth.resetPasswordForEmail('ghost@example.com')).error).toBeNull()
  })
})

describe('changing the address, and invitations', () => {
  it('changes the address once both the new and the current one confirm', async () => {
    const client = p.authClient()
    await client.auth.signInWithPassword({ email: 'pia@example.com', password: 'pia-password-1' })
    const { data, error } = await client.auth.updateUser({ email: 'pia.new@example.com' })
    expect(error).toBeNull()
    expect(data.user?.new_email).toBe('pia.new@example.com')
    const toNew = await smtp.waitForMail('pia.new@example.com')
    const toCurrent = await smtp.waitForMail('pia@example.com')
    const first = await follow(linkIn(toNew.html))
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toMatch(/other email/)
    expect((await client.auth.getUser()).data.user?.email).toBe('pia@example.com')
    await follow(linkIn(toCurrent.html))
    expect((await client.auth.getUser()).data.user?.email).toBe('pia.new@example.com')
  })

  it('invites a user by email with the service role; the link signs them in', async () => {
    const admin = p.authClient({ key: p.serviceKey }).auth.admin
    const { error } = await admin.inviteUserByEmail('ivy@example.com', { data: { team: 'blue' } })
    expect(error).toBeNull()
    const mail = await smtp.waitForMail('ivy@example.com')
    const fragment = new URLSearchParams((await follow(linkIn(mail.html))).hash.slice(1))
    expect(fragment.get('type')).toBe('invite')
    const user = await p.authFetch('/user', { headers: { authorization: `Bearer ${fragment.get('access_token')}` } })
    expect(user.body.user_metadata).toEqual({ team: 'blue' })
  })

  it('makes links with generate_link without sending anything', async () => {
    const admin = p.authClient({ key: p.serviceKey }).auth.admin
    const before = smtp.messages.length
    const { data, error } = await admin.generateLink({ type: 'magiclink', email: 'ivy@example.com' })
    expect(error).toBeNull()
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=')
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(smtp.messages.length).toBe(before)
    const landed = await follow(data.properties?.action_link as string)
    expect(new URLSearchParams(landed.hash.slice(1)).get('access_token')).toBeTruthy()
  })
})

describe('reauthentication', () => {
  it('asks for a code by email before a password change when the project wants it', async () => {
    await p.configure({ security_update_password_require_reauthentication: true })
    try {
      const client = p.authClient()
      const admin = p.authClient({ key: p.serviceKey }).auth.admin
      const { data } = await admin.createUser({
        email: 'reo@example.com',
        password: 'reo-password-1',
        email_confirm: true,
      })
      expect(data.user).toBeTruthy()
      await client.auth.signInWithPassword({ email: 'reo@example.com', password: 'reo-password-1' })
      const without = await client.auth.updateUser({ password: 'reo-password-2' })
      expect(without.error?.code).toBe('reauthentication_needed')
      expect((await client.auth.reauthenticate()).error).toBeNull()
      const code = codeIn((await smtp.waitForMail('reo@example.com')).text)
      expect((await client.auth.updateUser({ password: 'reo-password-2', nonce: code })).error).toBeNull()
      expect(
        (await p.authClient().auth.signInWithPassword({ email: 'reo@example.com', password: 'reo-password-2' })).error,
      ).toBeNull()
    } finally {
      await p.configure({ security_update_password_require_reauthentication: false })
    }
  })
})

describe('without SMTP', () => {
  it('says plainly that email cannot be sent', async () => {
    await p.configure({ smtp_host: null, smtp_admin_email: null })
    try {
      const raw = await p.authFetch('/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'late2@example.com', password: 'late-password-1' }),
      })
      expect(raw.status).toBe(422)
      const { data, error } = await p
        .authClient()
        .auth.signUp({ email: 'late@example.com', password: 'late-password-1' })
      expect(error?.code, `${error?.name} ${error?.status} ${error?.message} ${JSON.stringify(data)}`).toBe(
        'email_not_configured',
      )
      expect(error?.message).toMatch(/cannot be sent/)
    } finally {
      await p.configure({ smtp_host: smtp.host, smtp_admin_email: 'no-reply@app.test' })
    }
  })
})

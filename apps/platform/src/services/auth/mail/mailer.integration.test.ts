import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformSmtpConfig } from '../../../config-smtp'
import { EgressPolicy } from '../../../security/egress-policy'
import { type SmtpCatcher, startSmtpCatcher } from '../../../testing/smtp-catcher'
import {
  AuthEmailSendError,
  AuthEmailUnavailableError,
  type AuthMailerDeps,
  createAuthMailer,
  type ProjectSmtpSettings,
} from './mailer'

/** Real SMTP on loopback: the catcher stands for a project's server or the platform's relay. */
let catcher: SmtpCatcher
let silent: net.Server
let silentPort = 0
let closedPort = 0

beforeAll(async () => {
  catcher = await startSmtpCatcher()
  // accepts the connection and never says a word (no SMTP greeting)
  silent = net.createServer(() => {})
  silentPort = await new Promise<number>((resolve) =>
    silent.listen(0, '127.0.0.1', () => resolve((silent.address() as net.AddressInfo).port)),
  )
  const probe = net.createServer()
  closedPort = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port)),
  )
  await new Promise((resolve) => probe.close(resolve))
})
afterAll(async () => {
  await catcher.close()
  silent.close()
})

const mailer = (allow: { host: string; port: number }[], extra: Partial<AuthMailerDeps> = {}) =>
  createAuthMailer({ egress: new EgressPolicy({ allow }), platformSmtp: undefined, ...extra })

const projectSmtp = (port: number, host = '127.0.0.1'): ProjectSmtpSettings => ({
  smtp_host: host,
  smtp_port: String(port),
  smtp_user: 'project-mailer',
  smtp_pass: 'project-secret',
  smtp_admin_email: 'auth@project.test',
  smtp_sender_name: 'Project Auth',
  smtp_max_frequency: 60,
})

const confirmation = (to: string) => ({
  kind: 'confirmation' as const,
  to,
  vars: {
    ConfirmationURL: 'https://ref.example.test/auth/v1/verify?token=t&type=signup',
    Email: to,
    Data: { first_name: '<img src=x onerror=alert(1)>' },
  },
})

describe("a project's own SMTP server", () => {
  it('carries the email when the operator lists its exact host:port, with its login, sender and templates', async () => {
    const sent = await mailer([{ host: '127.0.0.1', port: catcher.port }]).send(
      'proj1',
      {
        ...projectSmtp(catcher.port),
        mailer_subjects_confirmation: 'Welcome {{ .Data.first_name }}',
        mailer_templates_confirmation_content:
          '<p>Hi {{ .Data.first_name }}, <a href="{{ .ConfirmationURL }}">go</a></p>',
      },
      confirmation('ada@users.test'),
    )
    expect(sent.via).toBe('project')
    const mail = await catcher.waitForMail('ada@users.test')
    expect(mail).toMatchObject({
      subject: 'Welcome <img src=x onerror=alert(1)>',
      from: 'auth@project.test',
      fromName: 'Project Auth',
      to: ['ada@users.test'],
      envelopeTo: ['ada@users.test'],
      user: 'project-mailer',
    })
    expect(mail.html).toContain('<p>Hi &lt;img src=x onerror=alert(1)&gt;, ')
    expect(mail.html).toContain('href="https://ref.example.test/auth/v1/verify?token=t&amp;type=signup"')
    expect(mail.text.trim()).toBe(
      'Hi <img src=x onerror=alert(1)>, go (https://ref.example.test/auth/v1/verify?token=t&type=signup)',
    )
  })

  it('connects to the address it checked: a listed name is resolved once, by the policy', async () => {
    // the name exists nowhere but in this resolver: the email arrives only if the transport used the checked address
    const resolve = async (name: string) => (name === 'mail.project.test' ? ['127.0.0.1'] : [])
    await mailer([{ host: 'mail.project.test', port: catcher.port }], { resolve }).send(
      'proj1',
      projectSmtp(catcher.port, 'mail.project.test'),
      confirmation('pinned@users.test'),
    )
    expect((await catcher.waitForMail('pinned@users.test')).subject).toBe('Confirm your email address')
  })

  it("upgrades to TLS under the server's name, not the checked address, and verifies its certificate", async () => {
    const namesAsked: string[] = []
    // STARTTLS offered, with smtp-server's own self-signed certificate: the upgrade must fail verification
    const tlsServer = new SMTPServer({
      logger: false,
      SNICallback: (servername, callback) => {
        namesAsked.push(servername)
        callback(null, undefined)
      },
    })
    const port = await new Promise<number>((resolve) =>
      tlsServer.listen(0, '127.0.0.1', () => resolve((tlsServer.server.address() as net.AddressInfo).port)),
    )
    try {
      const resolve = async () => ['127.0.0.1']
      const sent = mailer([{ host: 'mail.project.test', port }], { resolve }).send(
        'proj1',
        projectSmtp(port, 'mail.project.test'),
        confirmation('tls@users.test'),
      )
      await expect(sent).rejects.toMatchObject({
        reason: 'tls',
        message: expect.stringContaining('encrypted connection'),
      })
      expect(namesAsked).toEqual(['mail.project.test'])
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()))
    }
  })

  it('is refused on loopback unless that exact host:port is listed, and nothing is sent', async () => {
    const before = catcher.messages.length
    for (const [allow, host] of [
      [[], '127.0.0.1'],
      [[], 'localhost'],
      [[{ host: '127.0.0.1', port: catcher.port + 1 }], '127.0.0.1'],
      [[{ host: 'localhost', port: catcher.port }], '127.0.0.1'],
    ] as const) {
      const refused = mailer([...allow]).send('proj1', projectSmtp(catcher.port, host), confirmation('no@users.test'))
      await expect(refused, `${host} with ${JSON.stringify(allow)}`).rejects.toMatchObject({
        name: 'AuthEmailSendError',
        reason: 'egress_refused',
        message: expect.stringContaining('PGFLEET_EGRESS_ALLOW'),
      })
    }
    expect(catcher.messages.length).toBe(before)
  })

  it('is used in place of the platform server, and incomplete settings say what is missing', async () => {
    const platformSmtp: PlatformSmtpConfig = {
      host: '127.0.0.1',
      port: closedPort,
      secure: false,
      user: undefined,
      pass: undefined,
      sender: { name: undefined, address: 'platform@pgfleet.test' },
    }
    const both = mailer([{ host: '127.0.0.1', port: catcher.port }], { platformSmtp })
    expect((await both.send('proj1', projectSmtp(catcher.port), confirmation('first@users.test'))).via).toBe('project')
    const missingSender = both.send(
      'proj1',
      { ...projectSmtp(catcher.port), smtp_admin_email: '' },
      confirmation('x@users.test'),
    )
    await expect(missingSender).rejects.toThrow(AuthEmailUnavailableError)
    await expect(missingSender).rejects.toThrow(/smtp_admin_email/)
    const badPort = both.send(
      'proj1',
      { ...projectSmtp(catcher.port), smtp_port: '70000' },
      confirmation('x@users.test'),
    )
    await expect(badPort).rejects.toThrow(/smtp_port "70000"/)
  })
})

describe("the platform's SMTP server", () => {
  const platformSmtp = (port: number): PlatformSmtpConfig => ({
    host: '127.0.0.1',
    port,
    secure: false,
    user: 'platform-mailer',
    pass: 'platform-secret',
    sender: { name: 'pgfleet', address: 'no-reply@pgfleet.test' },
  })

  it("carries a project's email without an allow-list entry (the operator chose it), with the platform's sender", async () => {
    const sent = await mailer([], { platformSmtp: platformSmtp(catcher.port) }).send(
      'proj2',
      { smtp_sender_name: 'Your Bank Security' },
      {
        kind: 'recovery',
        to: 'grace@users.test',
        vars: { ConfirmationURL: 'https://x.test/r', Email: 'grace@users.test' },
      },
    )
    expect(sent.via).toBe('platform')
    expect(await catcher.waitForMail('grace@users.test')).toMatchObject({
      subject: 'Reset your password',
      from: 'no-reply@pgfleet.test',
      fromName: 'pgfleet',
      user: 'platform-mailer',
    })
  })

  it('failures name neither its host nor its port', async () => {
    const failed = mailer([], { platformSmtp: platformSmtp(closedPort) }).send(
      'proj2',
      {},
      confirmation('x@users.test'),
    )
    await expect(failed).rejects.toMatchObject({ reason: 'connection_refused' })
    await expect(failed).rejects.toThrow("The platform's SMTP server refused the connection")
    await expect(failed).rejects.not.toThrow(String(closedPort))
  })
})

describe('failures', () => {
  it('without any SMTP server, says plainly that email cannot be sent and how to set one up', async () => {
    const none = mailer([]).send('proj3', {}, confirmation('x@users.test'))
    await expect(none).rejects.toThrow(AuthEmailUnavailableError)
    await expect(none).rejects.toThrow(/^Email cannot be sent: .*smtp_host.*PGFLEET_SMTP_URL/)
    await expect(mailer([]).send('proj3', { smtp_host: '  ' }, confirmation('x@users.test'))).rejects.toThrow(
      AuthEmailUnavailableError,
    )
  })

  it('a server that accepts the connection and never greets times out', async () => {
    const started = Date.now()
    const hung = mailer([{ host: '127.0.0.1', port: silentPort }], { timeoutMs: 300 }).send(
      'proj4',
      projectSmtp(silentPort),
      confirmation('x@users.test'),
    )
    await expect(hung).rejects.toMatchObject({
      reason: 'timeout',
      message: `The project's SMTP server (127.0.0.1:${silentPort}) did not answer within 0.3 s`,
    })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('a host name that never resolves times out too', async () => {
    const resolve = () => new Promise<string[]>(() => {})
    const hung = mailer([], { timeoutMs: 200, resolve }).send(
      'proj4',
      projectSmtp(25, 'slow.project.test'),
      confirmation('x@users.test'),
    )
    await expect(hung).rejects.toMatchObject({ reason: 'timeout' })
  })

  it('a host name that does not exist is named as such', async () => {
    // what dns.lookup throws for a name that does not exist (no real DNS in tests)
    const resolve = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }))
    const missing = mailer([], { resolve }).send(
      'proj4',
      projectSmtp(25, 'no-such-host.invalid'),
      confirmation('x@users.test'),
    )
    await expect(missing).rejects.toMatchObject({ reason: 'host_not_found' })
  })

  it('a closed port is a refused connection; a recipient list is refused before connecting', async () => {
    const closed = mailer([{ host: '127.0.0.1', port: closedPort }]).send(
      'proj4',
      projectSmtp(closedPort),
      confirmation('x@users.test'),
    )
    await expect(closed).rejects.toMatchObject({ reason: 'connection_refused' })
    for (const to of ['a@users.test, b@users.test', 'Name <a@users.test>', 'a@users.test\r\nBcc: b@users.test', '']) {
      const many = mailer([{ host: '127.0.0.1', port: catcher.port }]).send('proj4', projectSmtp(catcher.port), {
        ...confirmation(to),
      })
      await expect(many, to).rejects.toBeInstanceOf(AuthEmailSendError)
      await expect(many, to).rejects.toMatchObject({ reason: 'invalid_recipient' })
    }
  })
})

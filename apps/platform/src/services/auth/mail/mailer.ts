import { isIP } from 'node:net'
import { createTransport } from 'nodemailer'
import { PLAIN_EMAIL_ADDRESS, type PlatformSmtpConfig } from '../../../config-smtp'
import type { Logger } from '../../../logging/logger'
import { checkedAddress, EgressRefusedError } from '../../../security/egress-fetch'
import type { EgressPolicy } from '../../../security/egress-policy'
import { type AuthEmailKind, type AuthEmailOverrides, type AuthEmailVars, renderAuthEmail } from './templates'

/**
 * Sends a project's auth emails over SMTP.
 *
 *   const mailer = createAuthMailer({ egress: egressPolicyOf(ctx.config), platformSmtp: ctx.config.smtp, log })
 *   await mailer.send(ref, authConfig, { kind: 'confirmation', to: user.email, vars: { ConfirmationURL, Email } })
 *
 * `authConfig` is the project's auth config (hosted field names): its `smtp_*` fields choose the server, its
 * `mailer_subjects_*` and `mailer_templates_*_content` fields override the templates.
 * - Server: the project's own when `smtp_host` is set, else the platform's (PGFLEET_SMTP_URL), else
 *   AuthEmailUnavailableError: an email is never dropped silently.
 * - A project's server is the tenant's choice: it is resolved and checked by the egress policy, and the connection goes
 *   to the checked address (TLS still verifies the name). The platform's server is the operator's and is not checked.
 * - Every send is limited in time (DEFAULT_SEND_TIMEOUT_MS); failures become AuthEmailSendError with a `reason` and a
 *   sentence for people. The platform server's name and replies stay out of messages tenants see.
 * - `smtp_max_frequency` (the least time between two emails to one user) is the caller's to enforce: it needs the
 *   user's last-sent times, which live in the project's database.
 */

export const DEFAULT_SEND_TIMEOUT_MS = 15_000
const DEFAULT_PROJECT_SMTP_PORT = 587

/** The project's SMTP settings, as its auth config holds them (ports may come as strings). */
export interface ProjectSmtpSettings {
  smtp_host?: string | null
  smtp_port?: number | string | null
  smtp_user?: string | null
  smtp_pass?: string | null
  /** the From address */
  smtp_admin_email?: string | null
  smtp_sender_name?: string | null
  smtp_max_frequency?: number | null
}

export type AuthMailSettings = ProjectSmtpSettings & AuthEmailOverrides

export interface AuthMailMessage {
  kind: AuthEmailKind
  /** one address */
  to: string
  vars: AuthEmailVars
}

export interface AuthMailSent {
  messageId: string
  /** whose server carried it */
  via: 'project' | 'platform'
}

export interface AuthMailer {
  send(ref: string, settings: AuthMailSettings, message: AuthMailMessage): Promise<AuthMailSent>
}

export interface AuthMailerDeps {
  egress: EgressPolicy
  /** the operator's server for projects without their own (config.smtp) */
  platformSmtp: PlatformSmtpConfig | undefined
  log?: Logger
  /** each send's time limit, connecting included */
  timeoutMs?: number
  /** the name given in EHLO (nodemailer's default is this machine's host name) */
  heloName?: string
  /** host name resolution for the egress check (tests) */
  resolve?: (name: string) => Promise<string[]>
}

export const AUTH_EMAIL_UNAVAILABLE_MESSAGE =
  'Email cannot be sent: this project has no SMTP server of its own (smtp_host and smtp_admin_email in its auth ' +
  "settings) and the platform has none either (the operator's PGFLEET_SMTP_URL and PGFLEET_SMTP_SENDER)"

/** No server to send through, or the project's settings are incomplete: configuration, not a passing failure. */
export class AuthEmailUnavailableError extends Error {
  constructor(message = AUTH_EMAIL_UNAVAILABLE_MESSAGE) {
    super(message)
    this.name = 'AuthEmailUnavailableError'
  }
}

export type AuthEmailFailure =
  | 'invalid_recipient'
  | 'egress_refused'
  | 'timeout'
  | 'host_not_found'
  | 'connection_refused'
  | 'tls'
  | 'auth'
  | 'rejected'
  | 'failed'

export class AuthEmailSendError extends Error {
  constructor(
    readonly reason: AuthEmailFailure,
    message: string,
  ) {
    super(message)
    this.name = 'AuthEmailSendError'
  }
}

/** The server one email goes through. */
export interface ResolvedSmtp {
  via: 'project' | 'platform'
  host: string
  port: number
  secure: boolean
  auth: { user: string; pass: string } | undefined
  from: { name: string; address: string }
}

const blank = (value: string | null | undefined): value is null | undefined | '' => !value?.trim()

/** The project's server when it sets one, else the platform's, else AuthEmailUnavailableError. */
export function resolveAuthSmtp(settings: ProjectSmtpSettings, platform: PlatformSmtpConfig | undefined): ResolvedSmtp {
  if (!blank(settings.smtp_host)) {
    const incomplete = (what: string) =>
      new AuthEmailUnavailableError(`Email cannot be sent: the project's SMTP settings ${what}`)
    const port =
      settings.smtp_port == null || settings.smtp_port === '' ? DEFAULT_PROJECT_SMTP_PORT : settings.smtp_port
    const portNumber = Number(port)
    if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535) {
      throw incomplete(`have smtp_port ${JSON.stringify(port)}, which is not a port (1-65535)`)
    }
    const sender = settings.smtp_admin_email?.trim() ?? ''
    if (!PLAIN_EMAIL_ADDRESS.test(sender)) {
      throw incomplete('need smtp_admin_email, the address emails are sent from')
    }
    if (blank(settings.smtp_user) !== blank(settings.smtp_pass)) {
      throw incomplete('have one of smtp_user and smtp_pass without the other')
    }
    return {
      via: 'project',
      host: settings.smtp_host.trim().replace(/^\[|\]$/g, ''),
      port: portNumber,
      secure: portNumber === 465,
      auth: blank(settings.smtp_user) ? undefined : { user: settings.smtp_user, pass: settings.smtp_pass ?? '' },
      from: { name: settings.smtp_sender_name?.trim() ?? '', address: sender },
    }
  }
  if (!platform) throw new AuthEmailUnavailableError()
  return {
    via: 'platform',
    host: platform.host,
    port: platform.port,
    secure: platform.secure,
    auth: platform.user ? { user: platform.user, pass: platform.pass ?? '' } : undefined,
    // the operator's sender, name included: a project must not put its words beside the platform's address
    from: { name: platform.sender.name ?? '', address: platform.sender.address },
  }
}

class SendTimeout extends Error {}

interface SmtpError extends Error {
  code?: string
  originalCode?: string
  responseCode?: number
  response?: string
}

/** A sentence for the caller; the platform server's name and replies are the operator's and stay out of it. */
function describeFailure(error: unknown, smtp: ResolvedSmtp, timeoutMs: number): AuthEmailSendError {
  const server =
    smtp.via === 'project' ? `The project's SMTP server (${smtp.host}:${smtp.port})` : "The platform's SMTP server"
  if (error instanceof EgressRefusedError) {
    return new AuthEmailSendError(
      'egress_refused',
      `${server} is on this machine or a private network, which projects' email may not reach unless the ` +
        'operator lists that exact host:port in PGFLEET_EGRESS_ALLOW',
    )
  }
  const smtpError = error as SmtpError
  const reply = smtp.via === 'project' && smtpError.response ? ` (it answered: ${smtpError.response.trim()})` : ''
  if (error instanceof SendTimeout || smtpError.code === 'ETIMEDOUT') {
    return new AuthEmailSendError('timeout', `${server} did not answer within ${timeoutMs / 1000} s`)
  }
  switch (smtpError.code) {
    case 'EDNS':
    case 'ENOTFOUND': // the egress check's own lookup
    case 'EAI_AGAIN':
      return new AuthEmailSendError('host_not_found', `${server} could not be found: its host name does not resolve`)
    case 'ETLS':
      return new AuthEmailSendError('tls', `${server} could not set up an encrypted connection${reply}`)
    case 'EAUTH':
      return new AuthEmailSendError('auth', `${server} refused the SMTP user name or password${reply}`)
    case 'EENVELOPE':
    case 'EMESSAGE':
      return new AuthEmailSendError('rejected', `${server} refused the email${reply}`)
  }
  if (smtpError.originalCode === 'ECONNREFUSED') {
    return new AuthEmailSendError(
      'connection_refused',
      `${server} refused the connection: nothing listens on that port`,
    )
  }
  if (smtpError.originalCode?.startsWith('ERR_TLS') || smtpError.originalCode?.includes('CERT')) {
    return new AuthEmailSendError('tls', `${server} could not set up an encrypted connection (its certificate)`)
  }
  return new AuthEmailSendError('failed', `${server} could not take the email${reply}`)
}

export function createAuthMailer(deps: AuthMailerDeps): AuthMailer {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS
  const log = deps.log?.child({ component: 'auth-mail' })

  async function deliver(
    smtp: ResolvedSmtp,
    to: string,
    email: { subject: string; html: string; text: string },
  ): Promise<string> {
    let transport: ReturnType<typeof createTransport> | undefined
    let timedOut = false
    const attempt = (async () => {
      const address =
        smtp.via === 'project' ? await checkedAddress(deps.egress, smtp.host, smtp.port, deps.resolve) : smtp.host
      if (timedOut) throw new SendTimeout()
      transport = createTransport({
        // the checked address, so the name cannot answer differently now; TLS verifies the name itself
        host: address,
        port: smtp.port,
        secure: smtp.secure,
        servername: isIP(smtp.host) ? undefined : smtp.host,
        auth: smtp.auth,
        name: deps.heloName,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
        disableFileAccess: true,
        disableUrlAccess: true,
        logger: false,
      })
      const info = await transport.sendMail({
        from: smtp.from.name ? { name: smtp.from.name, address: smtp.from.address } : smtp.from.address,
        to,
        envelope: { from: smtp.from.address, to: [to] },
        subject: email.subject,
        html: email.html,
        text: email.text,
      })
      return info.messageId
    })()
    // after a timeout the attempt's own late failure has nobody waiting for it
    attempt.catch(() => {})
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        reject(new SendTimeout())
      }, timeoutMs)
    })
    try {
      return await Promise.race([attempt, deadline])
    } finally {
      clearTimeout(timer)
      transport?.close()
    }
  }

  return {
    async send(ref, settings, { kind, to, vars }) {
      if (!PLAIN_EMAIL_ADDRESS.test(to)) {
        throw new AuthEmailSendError('invalid_recipient', 'The recipient must be one email address')
      }
      const smtp = resolveAuthSmtp(settings, deps.platformSmtp)
      const email = renderAuthEmail(kind, settings, vars)
      try {
        const messageId = await deliver(smtp, to, email)
        log?.info('auth email sent', { ref, kind, via: smtp.via })
        return { messageId, via: smtp.via }
      } catch (error) {
        const failure = describeFailure(error, smtp, timeoutMs)
        log?.warn('auth email not sent', { ref, kind, via: smtp.via, reason: failure.reason, err: error })
        throw failure
      }
    },
  }
}

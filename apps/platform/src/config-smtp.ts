import { z } from 'zod'

/**
 * The platform's own SMTP server: what auth emails go through for projects that have not set their own. The operator
 * chooses it, so it may be a relay on this machine or a private network.
 */
export const SmtpEnvShape = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start) */
  PGFLEET_SMTP_URL: z.string().optional(),
  /** the From of auth emails: an address, or `Name <address>` */
  PGFLEET_SMTP_SENDER: z.string().optional(),
}

type SmtpEnv = z.infer<z.ZodObject<typeof SmtpEnvShape>>

export interface PlatformSmtpConfig {
  host: string
  port: number
  /** TLS from the first byte (smtps://); otherwise the connection upgrades with STARTTLS when the server offers it */
  secure: boolean
  user: string | undefined
  pass: string | undefined
  sender: { name: string | undefined; address: string }
}

const SMTP_URL_RULE =
  'PGFLEET_SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465 ' +
  '(user and password percent-encoded, both optional)'

/** One address, nothing around it: no display name, spaces or a second address. */
export const PLAIN_EMAIL_ADDRESS = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\[\]]+$/

export function parseSender(text: string): { name: string | undefined; address: string } | null {
  const named = /^\s*"?([^"<>]*?)"?\s*<([^<>]+)>\s*$/.exec(text)
  const name = named ? named[1]?.trim() || undefined : undefined
  const address = (named ? named[2] : text)?.trim() ?? ''
  return PLAIN_EMAIL_ADDRESS.test(address) ? { name, address } : null
}

function decodeOrRefuse(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw new Error(SMTP_URL_RULE)
  }
}

export function platformSmtpConfig(e: SmtpEnv): PlatformSmtpConfig | undefined {
  if (!e.PGFLEET_SMTP_URL) {
    if (e.PGFLEET_SMTP_SENDER) throw new Error('PGFLEET_SMTP_SENDER is set without PGFLEET_SMTP_URL')
    return undefined
  }
  let url: URL
  try {
    url = new URL(e.PGFLEET_SMTP_URL)
  } catch {
    throw new Error(SMTP_URL_RULE)
  }
  const secure = url.protocol === 'smtps:'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if ((url.protocol !== 'smtp:' && !secure) || !host || (url.pathname !== '' && url.pathname !== '/')) {
    throw new Error(SMTP_URL_RULE)
  }
  if (!e.PGFLEET_SMTP_SENDER) {
    throw new Error('PGFLEET_SMTP_URL needs PGFLEET_SMTP_SENDER, the From of auth emails (e.g. no-reply@example.com)')
  }
  const sender = parseSender(e.PGFLEET_SMTP_SENDER)
  if (!sender) {
    throw new Error('PGFLEET_SMTP_SENDER must be an email address, or a name and one: Example <no-reply@example.com>')
  }
  return {
    host,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    user: url.username ? decodeOrRefuse(url.username) : undefined,
    pass: url.password ? decodeOrRefuse(url.password) : undefined,
    sender,
  }
}

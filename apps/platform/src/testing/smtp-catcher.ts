import type { AddressInfo } from 'node:net'
import { type AddressObject, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * An SMTP server for tests: listens on 127.0.0.1 on a free port, accepts every message (with or without a login,
 * plain text only: no STARTTLS), parses it and keeps it until a test asks for it.
 */

export interface CaughtMail {
  subject: string
  html: string
  text: string
  /** the From header's address */
  from: string
  /** the From header's display name ('' without one) */
  fromName: string
  /** the To header's addresses */
  to: string[]
  /** who the server was asked to deliver to (RCPT TO) */
  envelopeTo: string[]
  /** the user name the client logged in with, if it did */
  user: string | undefined
}

export interface SmtpCatcher {
  host: '127.0.0.1'
  port: number
  /** everything received, oldest first */
  messages: CaughtMail[]
  /** The oldest message for this recipient not yet returned, waiting for it when there is none. */
  waitForMail(to: string, options?: { timeoutMs?: number }): Promise<CaughtMail>
  close(): Promise<void>
}

const addresses = (header: AddressObject | AddressObject[] | undefined) =>
  [header ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? ''))

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = []
  const returned = new Set<CaughtMail>()
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username })
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = addresses(parsed.from)[0] ?? ''
          messages.push({
            subject: parsed.subject ?? '',
            html: parsed.html || '',
            text: parsed.text ?? '',
            from,
            fromName: [parsed.from].flat()[0]?.value[0]?.name ?? '',
            to: addresses(parsed.to),
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
          })
          for (const wake of waiters) wake()
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port

  const take = (to: string): CaughtMail | undefined => {
    const wanted = to.toLowerCase()
    const found = messages.find(
      (mail) => !returned.has(mail) && mail.envelopeTo.some((rcpt) => rcpt.toLowerCase() === wanted),
    )
    if (found) returned.add(found)
    return found
  }

  return {
    host: '127.0.0.1',
    port,
    messages,
    waitForMail(to, { timeoutMs = 5_000 } = {}) {
      const ready = take(to)
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No email to ${to} arrived within ${timeoutMs} ms (${messages.length} received in all)`))
        }, timeoutMs)
        const check = () => {
          const mail = take(to)
          if (!mail) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(mail)
        }
        waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

import type { AuthEmailKind } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { egressPolicyOf } from '../../security/egress-policy'
import type { AuthCall } from './call'
import { AuthError } from './errors'
import { AuthEmailSendError, AuthEmailUnavailableError, type AuthMailer, createAuthMailer } from './mail/mailer'
import { AuthEmailTemplateError, type AuthEmailVars } from './mail/templates'
import { authProjects } from './project-auth'

export type { AuthEmailVars }

const mailers = new WeakMap<AppContext, AuthMailer>()

/** The platform's one mailer: the project's SMTP settings when set, else the platform's own. */
function mailerOf(ctx: AppContext): AuthMailer {
  let mailer = mailers.get(ctx)
  if (!mailer) {
    mailer = createAuthMailer({
      egress: egressPolicyOf(ctx.config),
      platformSmtp: ctx.config.smtp,
      log: ctx.log.child({ component: 'auth-mail' }),
    })
    mailers.set(ctx, mailer)
  }
  return mailer
}

/**
 * Sends one auth email within the project's hourly email limit. Every failure is a clear answer to the client:
 * no SMTP anywhere, a refused or unreachable server, a template that no longer renders. Nothing is dropped silently.
 */
export async function deliverAuthEmail(
  call: AuthCall,
  kind: AuthEmailKind,
  to: string,
  vars: AuthEmailVars,
): Promise<void> {
  const { config } = call.project
  if (!authProjects(call.ctx).limits.take(call.req.ref, 'email_sent', 'project', config)) {
    call.ctx.usage.authRateLimited(call.req.ref)
    throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
  }
  try {
    await mailerOf(call.ctx).send(call.req.ref, config, { kind, to, vars })
  } catch (error) {
    // 422 and not 500: supabase-js takes every 5xx for a network failure and drops the message
    if (error instanceof AuthEmailUnavailableError) throw new AuthError(422, 'email_not_configured', error.message)
    if (error instanceof AuthEmailSendError) {
      const invalid = error.reason === 'invalid_recipient'
      throw new AuthError(invalid ? 400 : 422, invalid ? 'email_address_invalid' : 'email_send_failed', error.message)
    }
    if (error instanceof AuthEmailTemplateError) throw new AuthError(422, 'email_template_invalid', error.message)
    throw error
  }
}

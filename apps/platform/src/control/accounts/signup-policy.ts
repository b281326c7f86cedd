import type { Db } from '../../db/kysely'
import { forbidden } from '../../errors'

/**
 * Who may create an account (`PGFLEET_SIGNUP`): `open` (anyone), `invite` (only emails with a pending invitation
 * to an organization), `closed` (nobody; the first owner comes from PGFLEET_ADMIN_EMAIL). Unset: `open` until the
 * first user exists, so the first owner can sign up, then `invite`.
 */
export type SignupMode = 'open' | 'invite' | 'closed'

export const SIGNUP_CLOSED_MESSAGE = 'Sign-up is closed on this platform. Ask its administrator for an account.'
export const SIGNUP_INVITE_ONLY_MESSAGE =
  'Sign-up on this platform is by invitation: ask an organization owner to invite this email address.'

export async function effectiveSignupMode(db: Db, configured: SignupMode | undefined): Promise<SignupMode> {
  if (configured) return configured
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  return anyUser ? 'invite' : 'open'
}

/** Throws the 403 of the mode unless this email may sign up now. */
export async function assertMaySignUp(db: Db, configured: SignupMode | undefined, email: string): Promise<void> {
  const mode = await effectiveSignupMode(db, configured)
  if (mode === 'open') return
  if (mode === 'closed') throw forbidden(SIGNUP_CLOSED_MESSAGE)
  const invited = await db
    .selectFrom('invitations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .limit(1)
    .executeTakeFirst()
  if (!invited) throw forbidden(SIGNUP_INVITE_ONLY_MESSAGE)
}

import { type AuthCall, type AuthResponse, bodyObject, inTransaction, json, signedInUser, withClient } from './call'
import { deliverAuthEmail } from './deliver'
import { type LinkOptions, sendConfirmation, sendEmailChange, sendMagicLink, sendRecovery } from './email-flows'
import { AuthError, notFound, validationFailed } from './errors'
import { issueToken } from './one-time-tokens'
import { insertUser, userByEmail, userById, userByPhone } from './users-store'
import { checkMetadata, normalizeEmail, normalizePhone } from './validation'

/**
 * The email flows' entry points: `/otp` and `/magiclink` (sign in by link or code, making the user when allowed),
 * `/recover`, `/resend` and `/reauthenticate`. Answers never say whether an address is registered, except where
 * GoTrue does (`/otp` with `create_user: false`).
 */

function linkOptions(call: AuthCall, body: Record<string, unknown>): LinkOptions {
  return {
    redirectTo: call.req.query.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null),
    codeChallenge: typeof body.code_challenge === 'string' ? body.code_challenge : null,
    codeChallengeMethod: typeof body.code_challenge_method === 'string' ? body.code_challenge_method : null,
  }
}

function assertEmailEnabled(call: AuthCall) {
  if (!call.project.config.external_email_enabled) {
    throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled')
  }
}

export async function handleOtp(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  if (body.phone !== undefined && body.phone !== null && body.phone !== '') return phoneOtp(call, body)
  assertEmailEnabled(call)
  const email = normalizeEmail(body.email)
  const options = linkOptions(call, body)
  const createUser = body.create_user !== false
  let user = await withClient(call, (client) => userByEmail(client, email))
  if (!user) {
    if (!createUser) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
    if (call.project.config.disable_signup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    const data = checkMetadata(body.data)
    user = await inTransaction(call.pool, (client) =>
      insertUser(client, {
        email,
        phone: null,
        passwordHash: null,
        emailConfirmed: false,
        phoneConfirmed: false,
        provider: 'email',
        userMetadata: data,
      }),
    )
    await sendConfirmation(call, user, options)
    return json(200, {})
  }
  if (!user.email_confirmed_at) await sendConfirmation(call, user, options)
  else await sendMagicLink(call, user, options)
  return json(200, {})
}

export async function handleRecover(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  assertEmailEnabled(call)
  const email = normalizeEmail(body.email)
  const user = await withClient(call, (client) => userByEmail(client, email))
  // an unknown address is answered as a known one is
  if (user) await sendRecovery(call, user, linkOptions(call, body))
  return json(200, {})
}

export async function handleResend(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  const type = body.type
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed(
      'Missing one of these types: signup, email_change (sms and phone_change need an SMS provider)',
    )
  }
  const email = normalizeEmail(body.email)
  const options = linkOptions(call, body)
  const user = await withClient(call, (client) => userByEmail(client, email))
  if (!user) return json(200, {})
  if (type === 'signup') {
    if (user.email_confirmed_at) throw new AuthError(422, 'email_exists', 'Email address already confirmed')
    await sendConfirmation(call, user, options)
  } else if (user.email_change) {
    await sendEmailChange(call, user, user.email_change, options)
  }
  return json(200, {})
}

/** `GET /reauthenticate`: a code to the signed-in user's address, required by a password change when asked. */
export async function handleReauthenticate(call: AuthCall): Promise<AuthResponse> {
  const caller = await signedInUser(call)
  const user = await withClient(call, (client) => userById(client, caller.userId))
  if (!user) throw notFound('user_not_found', 'User not found')
  if (!user.email) throw new AuthError(422, 'reauthentication_not_valid', 'Reauthentication needs an email address')
  const { code } = await inTransaction(call.pool, (client) =>
    issueToken(client, user.id, 'reauthentication_token', user.email as string, call.project.config.mailer_otp_length),
  )
  await deliverAuthEmail(call, 'reauthentication', user.email, {
    ConfirmationURL: '',
    Token: code,
    TokenHash: '',
    SiteURL: call.project.config.site_url,
    Email: user.email,
    NewEmail: '',
    RedirectTo: call.project.config.site_url,
    Data: user.raw_user_meta_data ?? {},
  })
  return json(200, {})
}

/** A project's test numbers: `phone=code` pairs, comma-separated (sms_test_otp). */
export function testOtpOf(setting: string | null, phone: string): string | null {
  for (const pair of (setting ?? '').split(',')) {
    const [number, code] = pair.split('=').map((part) => part.trim())
    if (number && code && number.replace(/\D/g, '') === phone && /^\d{6,10}$/.test(code)) return code
  }
  return null
}

/**
 * `POST /otp` with a phone: the platform has no SMS provider yet, so only the project's test numbers get a code
 * (their fixed one, sent nowhere); any other number is refused plainly.
 */
async function phoneOtp(call: AuthCall, body: Record<string, unknown>): Promise<AuthResponse> {
  const { config } = call.project
  if (!config.external_phone_enabled) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled')
  const phone = normalizePhone(body.phone)
  const code = testOtpOf(config.sms_test_otp, phone)
  if (!code) {
    throw new AuthError(
      422,
      'sms_send_failed',
      "Phone sign-in codes need an SMS provider, which this platform does not have yet; numbers listed in the project's test OTP setting (sms_test_otp) get their fixed code",
    )
  }
  await inTransaction(call.pool, async (client) => {
    let user = await userByPhone(client, phone)
    if (!user) {
      if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
      if (config.disable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
      user = await insertUser(client, {
        email: null,
        phone,
        passwordHash: null,
        emailConfirmed: false,
        phoneConfirmed: false,
        provider: 'phone',
        userMetadata: checkMetadata(body.data),
      })
    }
    await issueToken(client, user.id, 'confirmation_token', phone, config.sms_otp_length, code)
  })
  return json(200, { message_id: null })
}

import { randomUUID } from 'node:crypto'
import { type AuthCall, type AuthResponse, bodyObject, inTransaction, json, metaOf } from './call'
import { sendConfirmation } from './email-flows'
import { AuthError } from './errors'
import { hashPassword } from './passwords'
import { startSession } from './sessions'
import { userJson } from './user-json'
import { identitiesOf, insertUser, userByEmail, userByPhone } from './users-store'
import { checkMetadata, checkNewPassword, normalizeEmail, normalizePhone } from './validation'

/**
 * `POST /signup`: a new user by email or phone and password, or an anonymous user when neither is given. With
 * confirmations off the answer is a session; with them on, the user (and a confirmation email).
 */
export async function handleSignup(call: AuthCall): Promise<AuthResponse> {
  const { config } = call.project
  const body = bodyObject(call.req)
  if (config.disable_signup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
  const data = checkMetadata(body.data)
  if (body.email === undefined && body.phone === undefined && body.password === undefined) {
    return signUpAnonymously(call, data)
  }
  if (body.email !== undefined && body.email !== null && body.email !== '') return signUpByEmail(call, body, data)
  if (body.phone !== undefined && body.phone !== null && body.phone !== '') return signUpByPhone(call, body, data)
  throw new AuthError(400, 'validation_failed', 'Signup requires a valid email or phone number')
}

async function signUpAnonymously(call: AuthCall, data: Record<string, unknown>): Promise<AuthResponse> {
  if (!call.project.config.external_anonymous_users_enabled) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  }
  const session = await inTransaction(call.pool, async (client) => {
    const user = await insertUser(client, {
      email: null,
      phone: null,
      passwordHash: null,
      emailConfirmed: false,
      phoneConfirmed: false,
      provider: 'anonymous',
      userMetadata: data,
      isAnonymous: true,
    })
    return startSession(client, call.project, user, 'anonymous', metaOf(call.req))
  })
  return json(200, session)
}

async function signUpByEmail(
  call: AuthCall,
  body: Record<string, unknown>,
  data: Record<string, unknown>,
): Promise<AuthResponse> {
  const { config } = call.project
  if (!config.external_email_enabled) throw new AuthError(422, 'email_provider_disabled', 'Email signups are disabled')
  const email = normalizeEmail(body.email)
  const password = checkNewPassword(body.password, config)
  const passwordHash = await hashPassword(password)
  const autoconfirm = config.mailer_autoconfirm
  const outcome = await inTransaction(call.pool, async (client) => {
    const existing = await userByEmail(client, email)
    if (existing?.email_confirmed_at || (existing && autoconfirm)) {
      if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
      // confirmations on: the answer looks like a new sign-up, so the address's owner is not revealed
      return { kind: 'hidden' as const }
    }
    const user =
      existing ??
      (await insertUser(client, {
        email,
        phone: null,
        passwordHash,
        emailConfirmed: autoconfirm,
        phoneConfirmed: false,
        provider: 'email',
        userMetadata: data,
      }))
    if (autoconfirm)
      return {
        kind: 'session' as const,
        session: await startSession(client, call.project, user, 'password', metaOf(call.req)),
      }
    return { kind: 'confirm' as const, user }
  })
  if (outcome.kind === 'session') return json(200, outcome.session)
  if (outcome.kind === 'hidden') return json(200, hiddenUser(email, data))
  const sent = await sendConfirmation(call, outcome.user, {
    redirectTo: call.req.query.get('redirect_to'),
    codeChallenge: typeof body.code_challenge === 'string' ? body.code_challenge : null,
    codeChallengeMethod: typeof body.code_challenge_method === 'string' ? body.code_challenge_method : null,
  })
  const client = await call.pool.connect()
  try {
    return json(200, userJson(sent, await identitiesOf(client, sent.id)))
  } finally {
    client.release()
  }
}

async function signUpByPhone(
  call: AuthCall,
  body: Record<string, unknown>,
  data: Record<string, unknown>,
): Promise<AuthResponse> {
  const { config } = call.project
  if (!config.external_phone_enabled) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
  const phone = normalizePhone(body.phone)
  const password = checkNewPassword(body.password, config)
  const passwordHash = await hashPassword(password)
  if (!config.sms_autoconfirm) {
    throw new AuthError(
      422,
      'sms_send_failed',
      'Phone confirmation needs an SMS provider, which this platform does not have yet: turn on automatic phone confirmation (sms_autoconfirm) for development',
    )
  }
  const session = await inTransaction(call.pool, async (client) => {
    if (await userByPhone(client, phone)) throw new AuthError(422, 'phone_exists', 'User already registered')
    const user = await insertUser(client, {
      email: null,
      phone,
      passwordHash,
      emailConfirmed: false,
      phoneConfirmed: true,
      provider: 'phone',
      userMetadata: data,
    })
    return startSession(client, call.project, user, 'password', metaOf(call.req))
  })
  return json(200, session)
}

/** What a sign-up of a registered address answers while confirmations are on: a user that is no one's. */
function hiddenUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

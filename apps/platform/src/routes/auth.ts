import { setTimeout as sleep } from 'node:timers/promises'
import { CSRF_COOKIE } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { LoginThrottle, TOO_MANY_SIGN_INS_MESSAGE } from '../control/accounts/login-throttle'
import { logIn, signUp, toProfile } from '../control/accounts/service'
import { isSecureDashboard, sessionCookieName, sessionTokenOf } from '../control/accounts/session-cookie'
import { createSession, deleteSession } from '../control/accounts/sessions'
import { assertMaySignUp } from '../control/accounts/signup-policy'
import { SignupThrottle, TOO_MANY_SIGN_UPS_MESSAGE } from '../control/accounts/signup-throttle'
import { serve } from '../http/typed-routes'

async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token, csrfToken, expiresAt } = await createSession(ctx.db, userId, ctx.config.sessionTtlMs)
  const secure = isSecureDashboard(request, ctx.config.publicUrl)
  reply.setCookie(sessionCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  })
  // readable by the dashboard, which echoes it in x-csrf-token
  reply.setCookie(CSRF_COOKIE, csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure,
    expires: expiresAt,
  })
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const throttle = new LoginThrottle()
    const signups = new SignupThrottle(ctx.config.signupsPerAddressPerHour)

    serve(app, 'POST /platform/auth/signup', async ({ request, reply, body }) => {
      const signupWaitMs = signups.take(request.ip)
      if (signupWaitMs > 0) {
        return reply
          .status(429)
          .header('retry-after', String(Math.ceil(signupWaitMs / 1000)))
          .send({ message: TOO_MANY_SIGN_UPS_MESSAGE })
      }
      await assertMaySignUp(ctx.db, ctx.config.signup, body.email)
      const user = await signUp(ctx.db, body.email, body.password)
      await startSession(ctx, request, reply, user.id)
      reply.status(201)
      return toProfile(user)
    })

    serve(app, 'POST /platform/auth/login', async ({ request, reply, body }) => {
      // before the password is looked at: past the limit, the right password fails like a wrong one
      const waitMs = throttle.retryAfterMs(body.email, request.ip)
      if (waitMs > 0) {
        ctx.usage.signInRateLimited(body.email)
        return reply
          .status(429)
          .header('retry-after', String(Math.ceil(waitMs / 1000)))
          .send({ message: TOO_MANY_SIGN_INS_MESSAGE })
      }
      // guesses at this account from everywhere slow every answer on it, the right password's too, boundedly
      const holdMs = throttle.holdMs(body.email)
      if (holdMs > 0) await sleep(holdMs)
      const user = await logIn(ctx.db, body.email, body.password).catch((error: unknown) => {
        throttle.failed(body.email, request.ip)
        throw error
      })
      throttle.succeeded(body.email, request.ip)
      await startSession(ctx, request, reply, user.id)
      return toProfile(user)
    })

    serve(app, 'POST /platform/auth/logout', async ({ request, reply }) => {
      const secure = isSecureDashboard(request, ctx.config.publicUrl)
      const token = sessionTokenOf(request, secure)
      if (token) await deleteSession(ctx.db, token)
      reply.clearCookie(sessionCookieName(secure), { path: '/', secure })
      reply.clearCookie(CSRF_COOKIE, { path: '/', secure })
      return {}
    })
  }
}

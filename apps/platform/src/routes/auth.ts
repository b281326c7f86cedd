import { Credentials, CSRF_COOKIE, LoginBody, SESSION_COOKIE } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createSession, deleteSession } from '../auth/sessions'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { logIn, signUp, toProfile } from '../users/service'

async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token, csrfToken, expiresAt } = await createSession(ctx.db, userId, ctx.config.sessionTtlMs)
  const secure = request.protocol === 'https'
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt })
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
    app.post('/platform/auth/signup', async (request, reply) => {
      const body = parseInput(Credentials, request.body)
      const user = await signUp(ctx.db, body.email, body.password)
      await startSession(ctx, request, reply, user.id)
      return reply.status(201).send(toProfile(user))
    })

    app.post('/platform/auth/login', async (request, reply) => {
      const body = parseInput(LoginBody, request.body)
      const user = await logIn(ctx.db, body.email, body.password)
      await startSession(ctx, request, reply, user.id)
      return toProfile(user)
    })

    app.post('/platform/auth/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE]
      if (token) await deleteSession(ctx.db, token)
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      reply.clearCookie(CSRF_COOKIE, { path: '/' })
      return {}
    })
  }
}

import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { HttpError } from '../errors'
import { PerUserRateLimit } from '../http/per-user-rate-limit'
import { serve } from '../http/typed-routes'

/** A dashboard sends a handful of events a minute; more is a loop or a script, and is refused. */
const EVENTS_PER_MINUTE = 120

/**
 * Dashboard analytics events go to the platform's own log, one line each, with the user's id: an operator ships
 * the log where they like, and nothing is sent anywhere else.
 */
export function telemetryRoutes(ctx: AppContext) {
  const rateLimit = new PerUserRateLimit(EVENTS_PER_MINUTE)
  return async (app: FastifyInstance) => {
    serve(app, 'POST /platform/telemetry/event', async ({ request, body }) => {
      const { userId } = requireAuth(request)
      const event = body
      if (rateLimit.take(userId) > 0) throw new HttpError(429, 'Too many analytics events, slow down')
      ctx.log.info('analytics event', {
        event: event.action,
        page: event.page ?? null,
        properties: event.properties,
        user_id: userId,
      })
      return {}
    })
  }
}

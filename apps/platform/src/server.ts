import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerRequestAuth } from './auth/request-auth'
import type { AppContext } from './context'
import { installErrorHandler } from './errors'
import { authRoutes } from './routes/auth'
import { organizationRoutes } from './routes/organizations'
import { platformInfoRoutes } from './routes/platform-info'
import { profileRoutes } from './routes/profile'
import { projectRoutes } from './routes/projects'

const API_PREFIXES = ['/platform/', '/v1/', '/api/', '/p/']

/** Builds the HTTP server: API routes plus the dashboard's static files with an SPA fallback. */
export async function buildServer(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logLevel === 'silent' ? false : { level: ctx.config.logLevel },
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: false,
  })
  installErrorHandler(app)
  await app.register(fastifyCookie)
  registerRequestAuth(app, { db: ctx.db, publicUrl: ctx.config.publicUrl })

  await app.register(authRoutes(ctx))
  await app.register(profileRoutes(ctx))
  await app.register(organizationRoutes(ctx))
  await app.register(projectRoutes(ctx))
  await app.register(platformInfoRoutes(ctx))

  const indexHtml = path.join(ctx.config.studioDir, 'index.html')
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: ctx.config.studioDir, index: false })
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix))
    if (request.method !== 'GET' || isApi) {
      return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` })
    }
    if (!existsSync(indexHtml)) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The dashboard is not built yet. Run `npm start` (or `npm run build`) first.')
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
  })
  return app
}

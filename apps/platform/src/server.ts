import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import type { AppContext } from './context'
import { registerRequestAuth } from './control/accounts/request-auth'
import { installErrorHandler } from './errors'
import { badUrlAnswer, installBadInputGuards } from './http/bad-input'
import { lazyRequestLogger, RequestLogController } from './http/request-log'
import { assistantRoutes } from './routes/assistant'
import { authRoutes } from './routes/auth'
import { backupRoutes } from './routes/backups'
import { branchingRoutes } from './routes/branching'
import { contentRoutes } from './routes/content'
import { edgeFunctionInvokeRoutes } from './routes/edge-function-invoke'
import { edgeFunctionRoutes } from './routes/edge-functions'
import { instanceAdminRoutes } from './routes/instance-admins'
import { organizationRoutes } from './routes/organizations'
import { pgMetaRoutes } from './routes/pg-meta'
import { pgMetaQueryRoutes } from './routes/pg-meta-query'
import { platformInfoRoutes } from './routes/platform-info'
import { platformIsolationRoutes } from './routes/platform-isolation'
import { profileRoutes } from './routes/profile'
import { projectApiKeyRoutes } from './routes/project-api-keys'
import { projectAuthRoutes } from './routes/project-auth'
import { projectAuthConfigRoutes } from './routes/project-auth-config'
import { projectAuthUsersRoutes } from './routes/project-auth-users'
import { projectExtensionRoutes } from './routes/project-extensions'
import { projectInfrastructureRoutes } from './routes/project-infrastructure'
import { projectKeysRoutes } from './routes/project-keys'
import { projectLifecycleRoutes } from './routes/project-lifecycle'
import { projectResourceRoutes } from './routes/project-resources'
import { projectRestRoutes } from './routes/project-rest'
import { projectSettingsRoutes } from './routes/project-settings'
import { projectStorageRoutes } from './routes/project-storage'
import { projectUpgradeRoutes } from './routes/project-upgrade'
import { projectRoutes } from './routes/projects'
import { storageRoutes } from './routes/storage'
import { storageObjectRoutes } from './routes/storage-objects'
import { storageResumableRoutes } from './routes/storage-resumable'
import { tableEditorRoutes } from './routes/table-editor'
import { telemetryRoutes } from './routes/telemetry'

const API_PREFIXES = ['/platform/', '/v1/', '/api/', '/p/']

declare module 'fastify' {
  interface FastifyInstance {
    /** every route of the server, as registered */
    routeTable: { method: string; url: string }[]
  }
}

/**
 * Builds the HTTP server: API routes plus the dashboard's static files with an SPA fallback. `logger` is the pino
 * instance behind `ctx.log`, so request logs and service logs go to one place at one level.
 */
export async function buildServer(ctx: AppContext, logger: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLogController(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 5 * 1024 * 1024,
    // forwarding headers count only from the operator's own proxies: anyone else could name any client address
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    // the router refuses a path segment that does not decode (invalid UTF-8) before any hook runs: same answer
    frameworkErrors: (error, request, reply) => {
      const body =
        error.code === 'FST_ERR_BAD_URL' ? badUrlAnswer(request.url) : { message: 'The request is not valid HTTP' }
      void (reply as FastifyReply).status(400).send(body)
    },
  })
  installErrorHandler(app)
  installBadInputGuards(app)
  // every route as registered, for the checks that must cover them all (e.g. the bad-input test)
  const routes: { method: string; url: string }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url })
  })
  app.decorate('routeTable', routes)
  await app.register(fastifyCookie)
  registerRequestAuth(app, { db: ctx.db, publicUrl: ctx.config.publicUrl })

  await app.register(authRoutes(ctx))
  await app.register(profileRoutes(ctx))
  await app.register(organizationRoutes(ctx))
  await app.register(instanceAdminRoutes(ctx))
  await app.register(projectRoutes(ctx))
  await app.register(projectLifecycleRoutes(ctx))
  await app.register(backupRoutes(ctx))
  await app.register(projectUpgradeRoutes(ctx))
  await app.register(platformInfoRoutes(ctx))
  await app.register(telemetryRoutes(ctx))
  await app.register(platformIsolationRoutes(ctx))
  await app.register(projectRestRoutes(ctx))
  await app.register(pgMetaQueryRoutes(ctx))
  await app.register(pgMetaRoutes(ctx))
  await app.register(tableEditorRoutes(ctx))
  await app.register(projectExtensionRoutes(ctx))
  await app.register(projectKeysRoutes(ctx))
  await app.register(projectApiKeyRoutes(ctx))
  await app.register(projectSettingsRoutes(ctx))
  await app.register(projectInfrastructureRoutes(ctx))
  await app.register(projectResourceRoutes(ctx))
  await app.register(contentRoutes(ctx))
  await app.register(storageRoutes(ctx))
  await app.register(storageObjectRoutes(ctx))
  await app.register(storageResumableRoutes(ctx))
  await app.register(projectStorageRoutes(ctx))
  await app.register(projectAuthRoutes(ctx))
  await app.register(projectAuthConfigRoutes(ctx))
  await app.register(projectAuthUsersRoutes(ctx))
  await app.register(edgeFunctionRoutes(ctx))
  await app.register(edgeFunctionInvokeRoutes(ctx))
  await app.register(assistantRoutes(ctx))
  await app.register(branchingRoutes(ctx))

  const indexHtml = path.join(ctx.config.studioDir, 'index.html')
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: ctx.config.studioDir,
      index: false,
      // the build names each file under assets/ by its content: a returning visit reuses them without asking;
      // anything else (index.html among them) is checked with the server each time
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const hashed = path.relative(ctx.config.studioDir, filePath).startsWith(`assets${path.sep}`)
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  // the static handler answers a directory (/) with 403: the root is the SPA like any other page
  app.get('/', (_request, reply) => serveIndex(reply))
  const serveIndex = (reply: FastifyReply) =>
    existsSync(indexHtml)
      ? reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html')
      : reply
          .status(503)
          .type('text/plain')
          .send('The dashboard is not built yet. Run `npm start` (or `npm run build`) first.')
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix))
    if (request.method !== 'GET' || isApi) {
      return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` })
    }
    return serveIndex(reply)
  })
  return app
}

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiRoutes } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import type { AppContext } from '../context'
import { createLogger } from '../logging/logger'
import { buildServer } from '../server'

/**
 * The contracts' route table against the routes the server registers. Registering needs no database or
 * projects: the server is built on a context with only what the route plugins touch while registering.
 */
let app: FastifyInstance
let dataDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-route-table-'))
  const config = loadConfig({ PORT: '0', PGFLEET_DATA_DIR: dataDir, PGFLEET_LOG_LEVEL: 'silent' })
  const logger = createLogger({ level: 'silent' })
  const ctx = { config, log: logger.log, connections: { onClose() {} } } as unknown as AppContext
  app = await buildServer(ctx, logger.pino)
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The table's `{param}` in Fastify's words: `:param`. */
const fastifyPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1')

const registered = () => new Set(app.routeTable.map((route) => `${route.method} ${route.url}`))

describe('the route table in contracts', () => {
  it('lists only routes the server registers, with that method and path', () => {
    const routes = registered()
    const missing = Object.values(apiRoutes)
      .map((route) => `${route.method} ${fastifyPath(route.path)}`)
      .filter((route) => !routes.has(route))
    expect(missing).toEqual([])
  })

  it('lists every /platform and /v1 route of the server', () => {
    const listed = new Set(Object.values(apiRoutes).map((route) => `${route.method} ${fastifyPath(route.path)}`))
    const unlisted = app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .filter((route) => route.url.startsWith('/platform/') || route.url.startsWith('/v1/'))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !listed.has(route))
    // a new route goes into packages/contracts/src/routes/ (then `node --import tsx scripts/generate-api-docs.ts`)
    expect(unlisted).toEqual([])
  })

  it('is what the route files register from: no handler of a listed route is registered by hand', () => {
    const routesDir = path.dirname(fileURLToPath(import.meta.url))
    const byHand = /\b\w+\.(get|post|put|patch|delete)\(\s*[`'"]\/(platform|v1|api\/ai)\//
    const offenders = readdirSync(routesDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => byHand.test(readFileSync(path.join(routesDir, file), 'utf8')))
    // register with serve() / serveFile() from http/typed-routes.ts, keyed by the route table
    expect(offenders).toEqual([])
  })
})

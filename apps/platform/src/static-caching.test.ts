import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import type { AppContext } from './context'
import { createLogger } from './logging/logger'
import { buildServer } from './server'

/** The dashboard's files: a built studio in a temporary folder, served by a server without projects. */
let app: FastifyInstance
let dataDir = ''
let studioDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-static-'))
  studioDir = path.join(dataDir, 'studio')
  mkdirSync(path.join(studioDir, 'assets'), { recursive: true })
  writeFileSync(path.join(studioDir, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(path.join(studioDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)')
  writeFileSync(path.join(studioDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const config = loadConfig({
    PORT: '0',
    PGFLEET_DATA_DIR: dataDir,
    PGFLEET_LOG_LEVEL: 'silent',
    PGFLEET_STUDIO_DIR: studioDir,
  })
  const logger = createLogger({ level: 'silent' })
  const ctx = { config, log: logger.log, connections: { onClose() {} } } as unknown as AppContext
  app = await buildServer(ctx, logger.pino)
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("the dashboard's files", () => {
  it('are kept by the browser when named by their content, and checked each time otherwise', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/', '/project/abc/editor/12', '/favicon.svg']) {
      const answer = await app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['cache-control'], url).toBe('no-cache')
    }
  })
})

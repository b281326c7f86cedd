import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogLevel } from '../logging/logger'
import { lazyRequestLogger, RequestLogController } from './request-log'

async function serverLoggingAt(level: LogLevel) {
  const lines: string[] = []
  const { pino } = createLogger({ level, format: 'json', destination: { write: (line: string) => lines.push(line) } })
  const app = Fastify({
    loggerInstance: pino,
    logController: new RequestLogController(),
    childLoggerFactory: lazyRequestLogger,
  })
  app.get('/items', async () => ({ ok: true }))
  app.get('/logs', async (request) => {
    request.log.debug('a debug line')
    request.log.info({ detail: 1 }, 'an info line')
    request.log.error(new Error('boom'))
    return { ok: true }
  })
  await app.ready()
  return { app, lines }
}

describe('RequestLogController', () => {
  it('writes one debug line per answered request: method, URL, status and time', async () => {
    const { app, lines } = await serverLoggingAt('debug')
    await app.inject({ method: 'GET', url: '/items?limit=1' })
    await app.inject({ method: 'GET', url: '/missing' })
    const records = lines.map((line) => JSON.parse(line))
    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({ level: 20 })
    expect(records[0].msg).toMatch(/^GET \/items\?limit=1 200 \d+\.\d ms$/)
    expect(records[1].msg).toMatch(/^GET \/missing 404 /)
    await app.close()
  })

  it('writes no request line at info', async () => {
    const { app, lines } = await serverLoggingAt('info')
    await app.inject({ method: 'GET', url: '/items' })
    expect(lines).toEqual([])
    await app.close()
  })

  it("writes a request's own lines at their levels, with its request id", async () => {
    const { app, lines } = await serverLoggingAt('info')
    await app.inject({ method: 'GET', url: '/logs' })
    const records = lines.map((line) => JSON.parse(line))
    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({ level: 30, msg: 'an info line', detail: 1 })
    expect(records[1]).toMatchObject({ level: 50, err: { message: 'boom' } })
    expect(records[0].reqId).toBeTruthy()
    expect(records[1].reqId).toBe(records[0].reqId)
    await app.close()
  })
})

import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogLevel } from '../logging/logger'
import { RequestLogController } from './request-log'

async function serverLoggingAt(level: LogLevel) {
  const lines: string[] = []
  const { pino } = createLogger({ level, format: 'json', destination: { write: (line: string) => lines.push(line) } })
  const app = Fastify({ loggerInstance: pino, logController: new RequestLogController() })
  app.get('/items', async () => ({ ok: true }))
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
})

import { describe, expect, it } from 'vitest'
import { compactLine } from './compact-line'
import { createLogger, type LoggerOptions } from './logger'

function capture(options: Omit<LoggerOptions, 'destination'>) {
  const lines: string[] = []
  const { log, pino } = createLogger({ ...options, destination: { write: (line: string) => lines.push(line) } })
  return { log, pino, lines }
}

describe('createLogger', () => {
  it('drops the lines below its level', () => {
    const { log, lines } = capture({ level: 'warn', format: 'json' })
    log.debug('debug line')
    log.info('info line')
    log.warn('warn line')
    log.error('error line')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['warn line', 'error line'])
  })

  it('writes nothing when silent', () => {
    const { log, lines } = capture({ level: 'silent', format: 'json' })
    log.error('not shown')
    expect(lines).toEqual([])
  })

  it('puts the bindings of a child and the fields of a call on the record, and serializes an error', () => {
    const { log, lines } = capture({ level: 'info', format: 'json' })
    log
      .child({ component: 'jobs' })
      .child({ ref: 'abc' })
      .warn('could not start', { error: new Error('boom') })
    const record = JSON.parse(lines[0] ?? '')
    expect(record).toMatchObject({ level: 40, component: 'jobs', ref: 'abc', msg: 'could not start' })
    expect(record.error).toMatchObject({ type: 'Error', message: 'boom' })
    expect(record.error.stack).toContain('boom')
  })

  it('writes compact lines with the component as a prefix', () => {
    const { log, lines } = capture({ level: 'info', format: 'compact' })
    const jobs = log.child({ component: 'jobs' })
    jobs.info('2 job(s) will be retried')
    jobs.error('stop failed', { ref: 'abc', error: new Error('the pool is gone') })
    log.info('dashboard up')
    expect(lines).toEqual([
      '[jobs] 2 job(s) will be retried\n',
      '[jobs] ERROR stop failed ref=abc error="the pool is gone"\n',
      '[pgfleet] dashboard up\n',
    ])
  })

  it('gives Fastify a pino instance that writes through the same destination and level', () => {
    const { pino, lines } = capture({ level: 'info', format: 'json' })
    const http = pino.child({ component: 'http' })
    http.debug('not shown')
    http.info({ reqId: 'req-1' }, 'incoming request')
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ component: 'http', reqId: 'req-1', msg: 'incoming request' })
  })
})

describe('compactLine', () => {
  it('shortens Fastify request records', () => {
    const line = compactLine(
      JSON.stringify({
        level: 30,
        time: 1,
        component: 'http',
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 3.0625,
        msg: 'request completed',
      }),
    )
    expect(line).toBe('[http] request completed reqId=req-1 status=200 3.1ms')
    expect(
      compactLine(JSON.stringify({ level: 30, req: { method: 'GET', url: '/a b' }, msg: 'incoming request' })),
    ).toBe('[pgfleet] incoming request GET /a b')
  })

  it('passes through a line that is not JSON', () => {
    expect(compactLine('plain text\n')).toBe('plain text')
  })
})

import { describe, expect, it } from 'vitest'
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

  it('writes pretty lines with the time, the level and the component as a prefix', () => {
    const { log, lines } = capture({ level: 'info', format: 'pretty' })
    const jobs = log.child({ component: 'jobs' })
    jobs.info('2 job(s) will be retried')
    jobs.error('stop failed', { ref: 'abc', error: new Error('the pool is gone') })
    log.info('dashboard up')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[jobs\] 2 job\(s\) will be retried\n$/)
    // a failure: its fields on the line, the error's message and stack below it
    expect(lines[1]).toMatch(/^\[[\d:.]+\] ERROR: \[jobs\] stop failed \{"ref":"abc"\}\n/)
    expect(lines[1]).toContain('Error: the pool is gone')
    expect(lines[2]).toMatch(/^\[[\d:.]+\] INFO: dashboard up\n$/)
    // no JSON record for a person to read, and no colour codes when the lines go elsewhere than a terminal
    expect(lines.join('')).not.toContain('"level"')
    expect(lines.join('')).not.toContain('\u001b[')
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

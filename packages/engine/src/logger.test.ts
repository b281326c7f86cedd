import { afterEach, describe, expect, it } from 'vitest'
import { reportProgress } from './backup/types'
import { LocalDriver } from './driver/local'
import { type EngineLogFields, engineLogger, ignoredError, SILENT_ENGINE_LOGGER, useEngineLogger } from './logger'

function recordingLogger() {
  const lines: { level: string; message: string; fields?: EngineLogFields }[] = []
  const logger = {
    debug: (message: string, fields?: EngineLogFields) => void lines.push({ level: 'debug', message, fields }),
    warn: (message: string, fields?: EngineLogFields) => void lines.push({ level: 'warn', message, fields }),
  }
  return { lines, logger }
}

afterEach(() => useEngineLogger(SILENT_ENGINE_LOGGER))

describe('engine logger', () => {
  it('is silent until a logger is given', () => {
    expect(engineLogger()).toBe(SILENT_ENGINE_LOGGER)
  })

  it('logs an error ignored on purpose at debug, with its reason, the error and the fields', async () => {
    const { lines, logger } = recordingLogger()
    useEngineLogger(logger)
    const failure = new Error('connection gone')
    await Promise.reject(failure).catch(ignoredError('could not close a connection', { ref: 'alpha' }))
    expect(lines).toEqual([
      { level: 'debug', message: 'could not close a connection', fields: { ref: 'alpha', error: failure } },
    ])
  })

  it("is the one a driver's options name", () => {
    const { logger } = recordingLogger()
    new LocalDriver({ dataDir: '/nonexistent', runAs: null, engines: [], listenAddress: '127.0.0.1', log: logger })
    expect(engineLogger()).toBe(logger)
  })

  it('hears the errors deep helpers ignore, which carry no logger of their own', () => {
    const { lines, logger } = recordingLogger()
    useEngineLogger(logger)
    const failure = new Error('status table gone')
    reportProgress(() => {
      throw failure
    }, 'archiving')
    expect(lines).toEqual([
      {
        level: 'debug',
        message: "the caller's progress report failed; the backup goes on",
        fields: { step: 'archiving', error: failure },
      },
    ])
  })
})

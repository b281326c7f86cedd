import { MAX_SQL_STATEMENT_TIMEOUT_MS, MIN_SQL_STATEMENT_TIMEOUT_MS } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { STATEMENT_TIMEOUT_REQUIRED, STATEMENT_TIMEOUT_WHOLE_NUMBER } from './database-settings.constants'
import { parseStatementTimeout } from './database-settings.utils'

describe('parseStatementTimeout', () => {
  it('accepts whole milliseconds from 100 to 3,600,000', () => {
    expect(parseStatementTimeout('100')).toEqual({ ok: true, ms: MIN_SQL_STATEMENT_TIMEOUT_MS })
    expect(parseStatementTimeout(' 1500 ')).toEqual({ ok: true, ms: 1500 })
    expect(parseStatementTimeout('3600000')).toEqual({ ok: true, ms: MAX_SQL_STATEMENT_TIMEOUT_MS })
  })

  it("refuses values outside the range with the contract's messages", () => {
    expect(parseStatementTimeout('99')).toEqual({ ok: false, error: 'The statement timeout must be at least 100 ms' })
    expect(parseStatementTimeout('3600001')).toEqual({
      ok: false,
      error: 'The statement timeout must be at most 3600000 ms',
    })
  })

  it('asks for a value, and for whole milliseconds', () => {
    expect(parseStatementTimeout('')).toEqual({ ok: false, error: STATEMENT_TIMEOUT_REQUIRED })
    expect(parseStatementTimeout('1.5')).toEqual({ ok: false, error: STATEMENT_TIMEOUT_WHOLE_NUMBER })
    expect(parseStatementTimeout('-5')).toEqual({ ok: false, error: STATEMENT_TIMEOUT_WHOLE_NUMBER })
    expect(parseStatementTimeout('1e4')).toEqual({ ok: false, error: STATEMENT_TIMEOUT_WHOLE_NUMBER })
  })
})

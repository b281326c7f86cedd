import { UpdateSqlSettingsBody } from '@pgfleet/contracts'
import { STATEMENT_TIMEOUT_REQUIRED, STATEMENT_TIMEOUT_WHOLE_NUMBER } from './database-settings.constants'

/**
 * Reads the statement timeout field: a whole number of milliseconds within the contract's range
 * (UpdateSqlSettingsBody), or the message to show under the field.
 */
export function parseStatementTimeout(text: string): { ok: true; ms: number } | { ok: false; error: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, error: STATEMENT_TIMEOUT_REQUIRED }
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: STATEMENT_TIMEOUT_WHOLE_NUMBER }
  const parsed = UpdateSqlSettingsBody.safeParse({ statement_timeout_ms: Number(trimmed) })
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? STATEMENT_TIMEOUT_REQUIRED }
  return { ok: true, ms: parsed.data.statement_timeout_ms }
}

import { MAX_QUERY_RESULT_ROWS } from '@pgfleet/contracts'
import { applyAutoLimit, bindParameters, limitForFetch, ParameterBindingError, parseSql } from '@pgfleet/sql'
import { clientSqlError } from './query-errors'

export type QueryParameters = unknown[] | Record<string, string | number | boolean | null>

export interface PreparedSql {
  /** the SQL as the user wrote it */
  original: string
  /** the SQL to send: `@set` lines removed, `:name` turned into `$n`, maybe a limit appended */
  text: string
  values: (string | null)[]
  /** the row limit appended to `text` (it fetches one row more, to tell whether rows were cut off) */
  autoLimit: number | null
  /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT... among the statements (false when the SQL does not parse) */
  controlsTransaction: boolean
}

/** How a bound value travels: as text, which Postgres casts to the parameter's type. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

/**
 * Binds parameters and applies the automatic row limit. `rowLimit` above 0 is the editor's limit;
 * otherwise (no limit) a single query still gets the server's cap, since rows past it would be dropped.
 */
export async function prepareSql(
  query: string,
  parameters: QueryParameters | undefined,
  options: { rowLimit?: number; autoLimit: boolean },
): Promise<PreparedSql> {
  let text = query
  let values: (string | null)[] = []
  if (Array.isArray(parameters)) {
    values = parameters.map(parameterText)
  } else if (query.includes(':') || query.includes('@set')) {
    const named = Object.fromEntries(Object.entries(parameters ?? {}).map(([name, v]) => [name, parameterText(v)]))
    try {
      ;({ text, values } = await bindParameters(query, named))
    } catch (error) {
      if (error instanceof ParameterBindingError) throw clientSqlError(error.message, '42P02')
      throw error
    }
  }

  let autoLimit: number | null = null
  const parsed = await parseSql(text)
  if (options.autoLimit) {
    const limit = options.rowLimit !== undefined && options.rowLimit > 0 ? options.rowLimit : MAX_QUERY_RESULT_ROWS
    const limited = applyAutoLimit(parsed, limitForFetch(limit))
    if (limited.applied) {
      text = limited.sql
      autoLimit = limit
    }
  }
  const controlsTransaction = parsed.statements.some((statement) => statement.type === 'TransactionStmt')
  return { original: query, text, values, autoLimit, controlsTransaction }
}

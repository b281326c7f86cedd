import { RestError, singularError } from './errors'
import type { Accepted, Preferences } from './headers'

/** Turning query results into PostgREST's responses: statuses, Content-Range, singular objects and CSV. */
export interface RestResponse {
  status: number
  headers: Record<string, string>
  /** null for no body (HEAD, 204, return=minimal) */
  body: string | null
  /** rows in the answer (not sent): what `max-affected` counts for a function call */
  rows?: number
}

/** `Prefer: handling=strict, max-affected=N`: more rows than N fails the request, and its transaction rolls back. */
export function assertMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && affected > prefs.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    )
  }
}

/** The Preference-Applied entry of max-affected, when it was honoured. */
export const maxAffectedApplied = (prefs: Preferences): string[] =>
  prefs.maxAffected !== null && prefs.handling === 'strict' ? [`max-affected=${prefs.maxAffected}`] : []

export const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  openapi: 'application/openapi+json; charset=utf-8',
} as const

/** The row every data statement answers: how many rows in total (when counted), in this page, and the body. */
export interface ResultRow {
  total: string | null
  page: string
  body: string | null
}

export function contentRange(offset: number, page: number, total: number | null): string {
  const all = total === null ? '*' : String(total)
  return page === 0 ? `*/${all}` : `${offset}-${offset + page - 1}/${all}`
}

export function appliedPreferences(prefs: Preferences, extra: string[] = []): Record<string, string> {
  const applied = [...extra]
  if (prefs.count) applied.push(`count=${prefs.count}`)
  if (prefs.tx) applied.push(`tx=${prefs.tx}`)
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {}
}

/** The JSON array text as the chosen media type; `object` requires exactly one row. */
export function shapeBody(body: string | null, page: number, accepted: Accepted): string | null {
  if (accepted.media === 'object') {
    if (page !== 1) throw singularError(page)
    return body === null ? null : body.slice(1, -1)
  }
  if (body === null) return null
  if (accepted.media === 'csv') return toCsv(body)
  return body
}

export interface RowsAnswer {
  offset: number
  page: number
  total: number | null
  body: string | null
  accepted: Accepted
  prefs: Preferences
}

/** The answer to a read: 200, or 206 when a counted result is partial, or 416 past its end. */
export function rowsResponse(answer: RowsAnswer): RestResponse {
  const { offset, page, total, accepted, prefs } = answer
  if (total !== null && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'content-range': `*/${total}` },
    )
  }
  const body = shapeBody(answer.body, page, accepted)
  return {
    rows: page,
    status: total !== null && page < total ? 206 : 200,
    headers: {
      'content-type': CONTENT_TYPES[accepted.media === 'openapi' ? 'json' : accepted.media],
      'content-range': contentRange(offset, page, total),
      ...appliedPreferences(prefs),
    },
    body,
  }
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** CSV with a header row from the first object's keys (empty for no rows). */
export function toCsv(jsonArray: string): string {
  const rows = JSON.parse(jsonArray) as Record<string, unknown>[]
  const first = rows[0]
  if (!first) return ''
  const keys = Object.keys(first)
  const lines = [keys.map(csvCell).join(',')]
  for (const row of rows) lines.push(keys.map((k) => csvCell(row[k])).join(','))
  return lines.join('\n')
}

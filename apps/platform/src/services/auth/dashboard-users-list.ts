import type {
  AuthUserFilter,
  AuthUserSortColumn,
  AuthUserSortOrder,
  AuthUserSummary,
  ListAuthUsersResponse,
} from '@pgfleet/contracts'
import type pg from 'pg'
import { HttpError } from '../../errors'

/**
 * One page of the dashboard's users list. Pages are keyset ranges over (sort key, id), read through the indexes of
 * dashboard-indexes.ts, so the thousandth page costs what the first does; the cursor names the last row shown and
 * the sort it belongs to. A search matches the start of an email address, of a phone number, or of a user id.
 */

export interface UsersPageRequest {
  search?: string
  filter: AuthUserFilter
  provider?: string
  sort: AuthUserSortColumn
  order: AuthUserSortOrder
  perPage: number
  cursor?: string
}

/** The sort keys, written exactly as the indexes are (the planner matches the expressions). */
const SORT_KEYS: Record<AuthUserSortColumn, { expression: string; kind: 'time' | 'text' }> = {
  created_at: { expression: `coalesce(u.created_at, '-infinity'::timestamptz)`, kind: 'time' },
  last_sign_in_at: { expression: `coalesce(u.last_sign_in_at, '-infinity'::timestamptz)`, kind: 'time' },
  email: { expression: `(coalesce(lower(u.email), '') COLLATE "C")`, kind: 'text' },
}

/** A time key as text that keeps its microseconds and reads back the same under any DateStyle or TimeZone. */
const timeKeyText = (expression: string) =>
  `CASE WHEN isfinite(${expression}) THEN to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') ELSE (${expression})::text END`
const TIME_KEY_PATTERN = /^(-?infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6})$/
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

interface Cursor {
  sort: AuthUserSortColumn
  order: AuthUserSortOrder
  key: string
  id: string
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.id])).toString('base64url')
}

const invalidCursor = () =>
  new HttpError(400, 'cursor is not valid for this search and sort: start from the first page')

export function decodeCursor(text: string, sort: AuthUserSortColumn, order: AuthUserSortOrder): Cursor {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw invalidCursor()
  const [cursorSort, cursorOrder, key, id] = parts as unknown[]
  if (cursorSort !== sort || cursorOrder !== order) throw invalidCursor()
  if (typeof key !== 'string' || typeof id !== 'string' || !UUID_PATTERN.test(id)) throw invalidCursor()
  if (SORT_KEYS[sort].kind === 'time' ? !TIME_KEY_PATTERN.test(key) : key.length > 512 || key.includes('\0')) {
    throw invalidCursor()
  }
  return { sort, order, key, id }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The id range a hex prefix covers (dashes ignored), or null when the text cannot start an id. */
export function idPrefixRange(text: string): { low: string; high: string } | null {
  if (!/^[0-9a-f-]+$/.test(text)) return null
  const hex = text.replaceAll('-', '')
  if (hex.length === 0 || hex.length > 32) return null
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`
  return { low: asUuid(hex.padEnd(32, '0')), high: asUuid(hex.padEnd(32, 'f')) }
}

class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** The WHERE conditions of a search and filter (without the page's start). */
function conditionsOf(request: UsersPageRequest, params: Params): string[] {
  const conditions: string[] = []
  const term = request.search?.trim().toLowerCase() ?? ''
  if (term !== '') {
    const matches = [`coalesce(lower(u.email), '') COLLATE "C" LIKE ${params.add(`${escapeLike(term)}%`)}`]
    const digits = term.replace(/[\s()+-]/g, '')
    if (/^\d+$/.test(digits)) matches.push(`coalesce(u.phone, '') COLLATE "C" LIKE ${params.add(`${digits}%`)}`)
    const range = idPrefixRange(term)
    if (range) matches.push(`u.id BETWEEN ${params.add(range.low)}::uuid AND ${params.add(range.high)}::uuid`)
    conditions.push(`(${matches.join(' OR ')})`)
  }
  if (request.filter === 'verified') conditions.push('u.confirmed_at IS NOT NULL')
  else if (request.filter === 'unverified') conditions.push('u.confirmed_at IS NULL AND NOT u.is_anonymous')
  else if (request.filter === 'anonymous') conditions.push('u.is_anonymous')
  if (request.provider) {
    conditions.push(
      `EXISTS (SELECT FROM auth.identities i WHERE i.provider = ${params.add(request.provider)} AND i.user_id = u.id)`,
    )
  }
  return conditions
}

export interface UsersPageQueries {
  page: { text: string; values: unknown[] }
  count: { text: string; values: unknown[] }
}

/** The page's query (one row more than shown, to know whether another page follows) and the count's. */
export function usersPageQueries(request: UsersPageRequest): UsersPageQueries {
  const sortKey = SORT_KEYS[request.sort]
  const countParams = new Params()
  const countConditions = conditionsOf(request, countParams)
  const params = new Params()
  const conditions = conditionsOf(request, params)
  if (request.cursor) {
    const cursor = decodeCursor(request.cursor, request.sort, request.order)
    const key =
      sortKey.kind === 'time'
        ? `(${params.add(cursor.key)}::timestamp AT TIME ZONE 'UTC')`
        : `(${params.add(cursor.key)}::text COLLATE "C")`
    conditions.push(
      `(${sortKey.expression}, u.id) ${request.order === 'desc' ? '<' : '>'} (${key}, ${params.add(cursor.id)}::uuid)`,
    )
  }
  const where = (list: string[]) => (list.length > 0 ? `WHERE ${list.join(' AND ')}` : '')
  const direction = request.order === 'desc' ? 'DESC' : 'ASC'
  const keyText = sortKey.kind === 'time' ? timeKeyText(sortKey.expression) : sortKey.expression
  return {
    page: {
      text: `SELECT u.id, u.email, u.phone, u.created_at, u.last_sign_in_at, u.confirmed_at, u.invited_at,
          u.banned_until, u.is_anonymous, u.raw_app_meta_data -> 'providers' AS providers,
          coalesce(u.raw_user_meta_data ->> 'full_name', u.raw_user_meta_data ->> 'name') AS display_name,
          ${keyText} AS sort_key
        FROM auth.users u
        ${where(conditions)}
        ORDER BY ${sortKey.expression} ${direction}, u.id ${direction}
        LIMIT ${params.add(request.perPage + 1)}`,
      values: params.values,
    },
    count: {
      text: `SELECT count(*)::bigint AS count FROM auth.users u ${where(countConditions)}`,
      values: countParams.values,
    },
  }
}

interface PageRow {
  id: string
  email: string | null
  phone: string | null
  created_at: Date | null
  last_sign_in_at: Date | null
  confirmed_at: Date | null
  invited_at: Date | null
  banned_until: Date | null
  is_anonymous: boolean
  providers: unknown
  display_name: string | null
  sort_key: string
}

// pg answers ±infinity as a number, not a Date
const iso = (value: unknown) => (value instanceof Date && Number.isFinite(value.getTime()) ? value.toISOString() : null)

function summaryOf(row: PageRow): AuthUserSummary {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    display_name: typeof row.display_name === 'string' ? row.display_name.slice(0, 256) : null,
    providers: Array.isArray(row.providers)
      ? row.providers.filter((provider): provider is string => typeof provider === 'string')
      : [],
    created_at: iso(row.created_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    confirmed_at: iso(row.confirmed_at),
    invited_at: iso(row.invited_at),
    banned_until: iso(row.banned_until),
    is_anonymous: row.is_anonymous,
  }
}

export async function listUsersPage(client: pg.ClientBase, request: UsersPageRequest): Promise<ListAuthUsersResponse> {
  const queries = usersPageQueries(request)
  const { rows } = await client.query<PageRow>(queries.page.text, queries.page.values)
  const counted = await client.query<{ count: string }>(queries.count.text, queries.count.values)
  const shown = rows.slice(0, request.perPage)
  const last = shown.at(-1)
  return {
    users: shown.map(summaryOf),
    total: Number(counted.rows[0]?.count ?? 0),
    next_cursor:
      rows.length > request.perPage && last
        ? encodeCursor({ sort: request.sort, order: request.order, key: last.sort_key, id: last.id })
        : null,
  }
}

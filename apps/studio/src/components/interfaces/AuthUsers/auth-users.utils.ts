import type { AuthUserSummary, ListAuthUsersQuery } from '@pgfleet/contracts'
import { NEVER, NO_VALUE, type STATUS_LABELS } from './auth-users.constants'

export type UserStatus = keyof typeof STATUS_LABELS

/** Whether a ban is in force at `now` (a ban that ended leaves its time behind). */
export function isBanned(bannedUntil: string | null | undefined, now = Date.now()): boolean {
  if (!bannedUntil) return false
  const until = Date.parse(bannedUntil)
  return Number.isFinite(until) && until > now
}

/** The one status a row shows, the most pressing first. */
export function statusOf(
  user: Pick<AuthUserSummary, 'banned_until' | 'is_anonymous' | 'confirmed_at' | 'invited_at'>,
  now = Date.now(),
): UserStatus {
  if (isBanned(user.banned_until, now)) return 'banned'
  if (user.is_anonymous) return 'anonymous'
  if (user.confirmed_at) return 'confirmed'
  if (user.invited_at) return 'invited'
  return 'unconfirmed'
}

/** A date and time in the reader's locale; `empty` for none. */
export function formatDateTime(value: string | null | undefined, empty = NO_VALUE): string {
  if (!value) return empty
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? empty : time.toLocaleString()
}

export const formatLastSignIn = (value: string | null | undefined) => formatDateTime(value, NEVER)

/** What names a user in a title: the address, else the number, else the id. */
export function userLabel(user: { id: string; email?: string | null; phone?: string | null }): string {
  return user.email || (user.phone ? `+${user.phone}` : '') || user.id
}

/** The list's query as the server takes it: empty values left out, so the cache key stays small. */
export function usersQueryOf(input: {
  search: string
  filter: NonNullable<ListAuthUsersQuery['filter']>
  provider: string
  sort: NonNullable<ListAuthUsersQuery['sort']>
  order: NonNullable<ListAuthUsersQuery['order']>
  perPage: number
  cursor: string | null
}): ListAuthUsersQuery {
  const search = input.search.trim()
  return {
    ...(search ? { search } : {}),
    filter: input.filter,
    ...(input.provider ? { provider: input.provider } : {}),
    sort: input.sort,
    order: input.order,
    per_page: input.perPage,
    ...(input.cursor ? { cursor: input.cursor } : {}),
  }
}

/** A user agent made short enough for a table cell: the browser and system it names, when recognisable. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return NO_VALUE
  const browser = /(Firefox|Edg|Chrome|Safari|node|curl|Deno|Bun)[/ ]?[\d.]*/.exec(userAgent)?.[1]
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(userAgent)?.[1]
  const named = [browser === 'Edg' ? 'Edge' : browser, system].filter(Boolean).join(' on ')
  return named || userAgent.slice(0, 60)
}

import { z } from 'zod'

/**
 * The dashboard's view of a project's auth users (`/platform/auth/{ref}/...`): one page of users found by search,
 * filter and sort, one user's details with identities and sessions, and the writes the Users page offers.
 */

export const AUTH_USERS_PAGE_SIZE_DEFAULT = 50
export const AUTH_USERS_PAGE_SIZE_MAX = 200
/** An address is at most 254 characters; a longer search matches nothing and is refused. */
export const AUTH_USER_SEARCH_MAX_LENGTH = 254
/** The longest ban the dashboard sets: 100 years, in hours (what "ban forever" means to the hosted product). */
export const AUTH_USER_BAN_MAX_HOURS = 876_000

export const AUTH_USER_FILTERS = ['all', 'verified', 'unverified', 'anonymous'] as const
export type AuthUserFilter = (typeof AUTH_USER_FILTERS)[number]
export const AUTH_USER_SORT_COLUMNS = ['created_at', 'last_sign_in_at', 'email'] as const
export type AuthUserSortColumn = (typeof AUTH_USER_SORT_COLUMNS)[number]
export const AUTH_USER_SORT_ORDERS = ['asc', 'desc'] as const
export type AuthUserSortOrder = (typeof AUTH_USER_SORT_ORDERS)[number]

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const noNul = (value: string) => !value.includes('\0')

export const AuthUserIdParam = z.string().regex(UUID_PATTERN, 'The user id must be a UUID')
export const AuthUserParams = z.object({ id: AuthUserIdParam })

export const ListAuthUsersQuery = z.object({
  /** an email address, phone number or user id, or the start of one */
  search: z
    .string()
    .max(AUTH_USER_SEARCH_MAX_LENGTH, `search must be at most ${AUTH_USER_SEARCH_MAX_LENGTH} characters`)
    .refine(noNul, 'search must not contain NUL')
    .optional(),
  filter: z.enum(AUTH_USER_FILTERS).default('all'),
  /** only users with an identity of this provider (email, phone, github, ...) */
  provider: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, 'provider must be a provider name such as email or github')
    .optional(),
  sort: z.enum(AUTH_USER_SORT_COLUMNS).default('created_at'),
  order: z.enum(AUTH_USER_SORT_ORDERS).default('desc'),
  per_page: z.coerce
    .number()
    .int('per_page must be a whole number')
    .min(1, 'per_page must be at least 1')
    .max(AUTH_USERS_PAGE_SIZE_MAX, `per_page must be at most ${AUTH_USERS_PAGE_SIZE_MAX}`)
    .default(AUTH_USERS_PAGE_SIZE_DEFAULT),
  /** where the page starts: the `next_cursor` of the page before (same search, filter and sort) */
  cursor: z
    .string()
    .max(1024, 'cursor is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional(),
})
export type ListAuthUsersQuery = z.input<typeof ListAuthUsersQuery>

/** One row of the users table. */
export const AuthUserSummary = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** `full_name` or `name` from the user's metadata, when there is one */
  display_name: z.string().nullable(),
  providers: z.array(z.string()),
  created_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  banned_until: z.string().nullable(),
  is_anonymous: z.boolean(),
})
export type AuthUserSummary = z.infer<typeof AuthUserSummary>

export const ListAuthUsersResponse = z.object({
  users: z.array(AuthUserSummary),
  /** users matching the search and filter, on every page */
  total: z.number(),
  /** the cursor of the next page, null on the last */
  next_cursor: z.string().nullable(),
})
export type ListAuthUsersResponse = z.infer<typeof ListAuthUsersResponse>

export const AuthIdentity = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  last_sign_in_at: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  email: z.string().optional(),
})
export type AuthIdentity = z.infer<typeof AuthIdentity>

/** A user as the auth server answers it (auth-js's `User`). */
export const AuthUser = z.object({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  email_confirmed_at: z.string().optional(),
  phone_confirmed_at: z.string().optional(),
  confirmation_sent_at: z.string().optional(),
  recovery_sent_at: z.string().optional(),
  email_change_sent_at: z.string().optional(),
  new_email: z.string().optional(),
  new_phone: z.string().optional(),
  invited_at: z.string().optional(),
  reauthentication_sent_at: z.string().optional(),
  confirmed_at: z.string().optional(),
  last_sign_in_at: z.string().optional(),
  banned_until: z.string().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(AuthIdentity),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  is_anonymous: z.boolean(),
})
export type AuthUser = z.infer<typeof AuthUser>

export const AuthUserSession = z.object({
  id: z.string(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  refreshed_at: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  aal: z.string().nullable(),
  not_after: z.string().nullable(),
})
export type AuthUserSession = z.infer<typeof AuthUserSession>

export const AuthUserDetailsResponse = z.object({
  user: AuthUser,
  /** the user's sessions, most recently active first (at most AUTH_USER_SESSIONS_SHOWN) */
  sessions: z.array(AuthUserSession),
})
export type AuthUserDetailsResponse = z.infer<typeof AuthUserDetailsResponse>
export const AUTH_USER_SESSIONS_SHOWN = 100

const email = z
  .string()
  .trim()
  .min(1, 'An email address is required')
  .max(254, 'The email address must be at most 254 characters')
  .refine(noNul, 'The email address must not contain NUL')

const redirectTo = z.string().max(2048, 'redirect_to must be at most 2048 characters').refine(noNul).optional()

export const CreateAuthUserBody = z
  .object({
    email: email.optional(),
    phone: z.string().trim().max(32, 'The phone number must be at most 32 characters').optional(),
    password: z
      .string()
      .min(1, 'A password is required')
      .max(1024, 'The password must be at most 1024 characters')
      .refine(noNul, 'The password must not contain NUL'),
    /** the address (or number) counts as confirmed at once; otherwise the user confirms it before signing in */
    auto_confirm: z.boolean().default(true),
  })
  .refine((body) => Boolean(body.email) || Boolean(body.phone), 'An email address or a phone number is required')
export type CreateAuthUserBody = z.input<typeof CreateAuthUserBody>

/** Invite, magic link and recovery: the address the email goes to. */
export const AuthUserEmailBody = z.object({ email, redirect_to: redirectTo })
export type AuthUserEmailBody = z.input<typeof AuthUserEmailBody>

export const AuthEmailSentResponse = z.object({ message: z.string(), user: AuthUser.optional() })
export type AuthEmailSentResponse = z.infer<typeof AuthEmailSentResponse>

/** A duration such as 24h or 1h30m (units ns, us, ms, s, m, h), or none to lift a ban. */
export const UpdateAuthUserBody = z.object({
  ban_duration: z
    .string()
    .max(32, 'ban_duration must be a duration such as 24h or 1h30m, or none')
    .regex(
      /^(none|(\d{1,9}(\.\d{1,9})?(ns|us|µs|ms|s|m|h))+)$/,
      'ban_duration must be a duration such as 24h or 1h30m, or none',
    ),
})
export type UpdateAuthUserBody = z.input<typeof UpdateAuthUserBody>

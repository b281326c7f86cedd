import type { AuthUserFilter, AuthUserSortColumn } from '@pgfleet/contracts'

export const USERS_TITLE = 'Users'
export const USERS_DESCRIPTION =
  'The people and apps that sign in to your project through its auth server: their addresses, sign-in methods and sessions.'
export const POLICIES_LINK = 'Policies'
export const READ_ONLY_NOTE = "Your role can view this project's users but not create, email, ban or delete them."
export const PROJECT_NOT_RUNNING = 'The project is not running: start it to see and manage its users.'

export const CREATE_USER_LABEL = 'Create user'
export const INVITE_USER_LABEL = 'Invite user'
export const REFRESH_LABEL = 'Refresh'

export const SEARCH_LABEL = 'Search users'
export const SEARCH_PLACEHOLDER = 'Search by the start of an email, phone or user id'
/** Typing pauses this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300
export const FILTER_LABEL = 'Filter'
export const FILTER_OPTIONS: readonly { value: AuthUserFilter; label: string }[] = [
  { value: 'all', label: 'All users' },
  { value: 'verified', label: 'Verified users' },
  { value: 'unverified', label: 'Unverified users' },
  { value: 'anonymous', label: 'Anonymous users' },
]
export const PROVIDER_LABEL = 'Provider'
export const ALL_PROVIDERS = 'All providers'
export const PROVIDER_OPTIONS = ['email', 'phone', 'github', 'google', 'gitlab', 'azure', 'oidc'] as const
export const SORT_LABEL = 'Sort by'
export const SORT_OPTIONS: readonly { value: AuthUserSortColumn; label: string }[] = [
  { value: 'created_at', label: 'Created' },
  { value: 'last_sign_in_at', label: 'Last sign in' },
  { value: 'email', label: 'Email' },
]
export const ORDER_LABEL = 'Order'
export const ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const

export const USER_HEADERS = ['User', 'Phone', 'Providers', 'Created', 'Last sign in', 'Status'] as const
export const USERS_COUNT = (count: number) => (count === 1 ? '1 user' : `${count.toLocaleString()} users`)
export const PAGE_LABEL = (page: number) => `Page ${page}`
export const PREVIOUS_PAGE_LABEL = 'Previous'
export const NEXT_PAGE_LABEL = 'Next'
export const LOAD_USERS_FAILED = 'Failed to load users'
export const NO_USERS_TITLE = 'No users in your project yet'
export const NO_USERS_DESCRIPTION =
  'Users appear here when they sign up through your app. You can also create one with a password, or invite one by email.'
export const NO_USERS_READ_ONLY = 'Users appear here when they sign up through your app.'
export const NO_MATCHES = 'No users match this search and filter.'
export const NEVER = 'Never'
export const NO_VALUE = '—'

export const STATUS_LABELS = {
  banned: 'Banned',
  anonymous: 'Anonymous',
  invited: 'Invited',
  unconfirmed: 'Waiting for verification',
  confirmed: 'Confirmed',
} as const

export const CREATE_USER_TITLE = 'Create a new user'
export const CREATE_USER_DESCRIPTION = 'The user signs in with this email address and password.'
export const EMAIL_LABEL = 'Email address'
export const PASSWORD_LABEL = 'Password'
export const AUTO_CONFIRM_LABEL = 'Auto confirm user'
export const AUTO_CONFIRM_DESCRIPTION =
  'Counts the address as verified now. Otherwise the user must confirm it before signing in.'
export const CREATE_LABEL = 'Create user'
export const USER_CREATED = (email: string) => `Created user ${email}`
export const CREATE_FAILED = (message: string) => `Failed to create user: ${message}`
export const EMAIL_REQUIRED = 'Enter an email address'
export const PASSWORD_REQUIRED = 'Enter a password'

export const INVITE_TITLE = 'Invite a user'
export const INVITE_DESCRIPTION =
  'The user gets an email with a link to accept the invitation and choose a password. Sending needs SMTP set up for the project.'
export const INVITE_LABEL = 'Send invitation'
export const EMAIL_FAILED = (message: string) => `Failed to send the email: ${message}`

export const PANEL_TITLE_FALLBACK = 'User'
export const LOAD_USER_FAILED = 'Failed to load the user'
export const DETAILS_TITLE = 'Details'
export const IDENTITIES_TITLE = 'Identities'
export const NO_IDENTITIES = 'No identities: an anonymous user has none until it links one.'
export const SESSIONS_TITLE = 'Sessions'
export const NO_SESSIONS = 'No active sessions.'
export const SESSION_HEADERS = ['Started', 'Last refreshed', 'Device', 'IP address'] as const
export const ACTIONS_TITLE = 'Actions'
export const DANGER_TITLE = 'Danger zone'
export const COPY_ID_LABEL = 'user id'

export const SEND_MAGIC_LINK_LABEL = 'Send magic link'
export const SEND_RECOVERY_LABEL = 'Send password recovery'
export const SIGN_OUT_LABEL = 'Sign out everywhere'
export const SIGN_OUT_TITLE = 'Sign this user out everywhere?'
export const SIGN_OUT_DESCRIPTION =
  'Every session ends and its refresh token stops working. Access tokens already issued stay valid until they expire.'
export const SIGNED_OUT_FAILED = (message: string) => `Failed to sign the user out: ${message}`
export const BAN_LABEL = 'Ban user'
export const UNBAN_LABEL = 'Unban user'
export const BAN_TITLE = 'Ban this user?'
export const BAN_DESCRIPTION =
  'A banned user cannot sign in or refresh a session until the ban ends. Their sessions end now.'
export const BAN_DURATION_LABEL = 'Ban for'
export const BAN_DURATIONS = [
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '168h', label: '7 days' },
  { value: '720h', label: '30 days' },
  { value: '876000h', label: 'Until unbanned' },
] as const
export const USER_BANNED = (email: string) => `Banned ${email}`
export const USER_UNBANNED = (email: string) => `Lifted the ban on ${email}`
export const BAN_FAILED = (message: string) => `Failed to change the ban: ${message}`
export const DELETE_LABEL = 'Delete user'
export const DELETE_TITLE = 'Delete this user?'
export const DELETE_DESCRIPTION =
  'The user, its identities and sessions are removed for good. Rows of your own that reference the user may stop the deletion.'
export const USER_DELETED = (email: string) => `Deleted ${email}`
export const DELETE_FAILED = (message: string) => `Failed to delete the user: ${message}`

export const DETAIL_LABELS = {
  id: 'User id',
  email: 'Email',
  phone: 'Phone',
  created: 'Created',
  lastSignIn: 'Last signed in',
  confirmed: 'Confirmed',
  invited: 'Invited',
  bannedUntil: 'Banned until',
  providers: 'Providers',
} as const

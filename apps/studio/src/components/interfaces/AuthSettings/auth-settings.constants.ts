import type { AuthEmailKind, OAuthProviderName } from '@pgfleet/contracts'

export const SAVE_LABEL = 'Save changes'
export const SAVING_LABEL = 'Saving…'
export const RESET_LABEL = 'Discard changes'
export const SAVED_MESSAGE = 'Auth settings saved'
export const SAVE_FAILED_TITLE = 'The settings were not saved'
export const UNSAVED_NOTE = 'You have unsaved changes.'
export const LOAD_FAILED = 'Failed to load the auth settings'
export const READ_ONLY_REASON =
  "Your role can view this project's auth settings but not change them: that needs the Developer role or higher."
export const WHOLE_NUMBER_NEEDED = (label: string) => `${label} must be a whole number`
export const SECONDS = 'seconds'

export const PROVIDERS_TITLE = 'Sign-in providers'
export const PROVIDERS_DESCRIPTION =
  'How users sign up and sign in to your app: email, phone, anonymously or with another account.'
export const GENERAL_TITLE = 'User signups'
export const ALLOW_SIGNUPS_LABEL = 'Allow new users to sign up'
export const ALLOW_SIGNUPS_DESCRIPTION = 'Off: only users you create or invite can sign in.'
export const EMAIL_TITLE = 'Email'
export const EMAIL_ENABLED_LABEL = 'Enable email sign-in'
export const EMAIL_ENABLED_DESCRIPTION =
  'Users sign up and sign in with an email address and a password, a link or a code.'
export const CONFIRM_EMAIL_LABEL = 'Confirm email'
export const CONFIRM_EMAIL_DESCRIPTION =
  'Users confirm their address from an email before they can sign in. Off: new addresses are confirmed at once (autoconfirm).'
export const SECURE_EMAIL_CHANGE_LABEL = 'Secure email change'
export const SECURE_EMAIL_CHANGE_DESCRIPTION = 'A new address is confirmed from both the old and the new address.'
export const EMAIL_OTP_EXPIRY_LABEL = 'Email link and code expiry'
export const EMAIL_OTP_LENGTH_LABEL = 'Email code length'
export const PASSWORD_TITLE = 'Passwords'
export const PASSWORD_MIN_LENGTH_LABEL = 'Minimum password length'
export const PASSWORD_MIN_LENGTH_DESCRIPTION = 'From 6 to 72 characters.'
export const PASSWORD_CHARACTERS_LABEL = 'Required characters'
export const PASSWORD_CHARACTER_CHOICES = [
  'No required characters',
  'Letters and digits',
  'Lowercase, uppercase letters and digits',
  'Lowercase, uppercase letters, digits and symbols',
] as const
export const PHONE_TITLE = 'Phone'
export const PHONE_ENABLED_LABEL = 'Enable phone sign-in'
export const PHONE_NOTE =
  'Sending codes by SMS needs an SMS provider, which this platform does not have yet: phone sign-in works with test numbers only.'
export const CONFIRM_PHONE_LABEL = 'Confirm phone'
export const CONFIRM_PHONE_DESCRIPTION = 'Users confirm their number with a code before they can sign in.'
export const SMS_OTP_EXPIRY_LABEL = 'SMS code expiry'
export const SMS_OTP_LENGTH_LABEL = 'SMS code length'
export const SMS_TEST_OTP_LABEL = 'Test phone numbers and codes'
export const SMS_TEST_OTP_DESCRIPTION = 'Comma-separated number=code pairs, e.g. 15555550100=123456.'
export const ANONYMOUS_TITLE = 'Anonymous sign-ins'
export const ANONYMOUS_ENABLED_LABEL = 'Allow anonymous sign-ins'
export const ANONYMOUS_ENABLED_DESCRIPTION =
  'Visitors get a user without an address; policies can tell them apart by the is_anonymous claim.'
export const OAUTH_TITLE = 'Other providers'
export const OAUTH_DESCRIPTION =
  'Register your app with the provider and paste its client id and secret. Give the provider this callback URL:'
export const CALLBACK_URL_LABEL = 'Callback URL'
export const CLIENT_ID_LABEL = 'Client id'
export const CLIENT_SECRET_LABEL = 'Client secret'
export const SECRET_KEPT_HINT = 'Stored. Type a new secret to replace it.'
export const PROVIDER_ENABLED_LABEL = (name: string) => `Enable ${name}`
export const OAUTH_PROVIDER_DETAILS: Record<
  OAuthProviderName,
  { name: string; urlLabel: string | null; urlDescription?: string }
> = {
  github: { name: 'GitHub', urlLabel: null },
  google: { name: 'Google', urlLabel: null },
  gitlab: {
    name: 'GitLab',
    urlLabel: 'GitLab URL',
    urlDescription: 'Only for a self-managed GitLab; leave empty for gitlab.com.',
  },
  azure: {
    name: 'Azure (Microsoft)',
    urlLabel: 'Azure tenant URL',
    urlDescription: 'e.g. https://login.microsoftonline.com/{tenant id}; leave empty for any account.',
  },
  oidc: {
    name: 'OpenID Connect',
    urlLabel: 'Issuer URL',
    urlDescription: 'The issuer whose /.well-known/openid-configuration describes the provider.',
  },
}

export const TEMPLATES_TITLE = 'Email templates'
export const TEMPLATES_DESCRIPTION =
  'The subject and body of each email the auth server sends. Leave them empty for the default.'
export const TEMPLATE_KIND_LABEL = 'Email'
export const TEMPLATE_KINDS: readonly { kind: AuthEmailKind; label: string }[] = [
  { kind: 'confirmation', label: 'Confirm sign-up' },
  { kind: 'invite', label: 'Invite user' },
  { kind: 'magic_link', label: 'Magic link' },
  { kind: 'email_change', label: 'Change email address' },
  { kind: 'recovery', label: 'Reset password' },
  { kind: 'reauthentication', label: 'Reauthentication' },
]
export const SUBJECT_LABEL = 'Subject'
export const BODY_LABEL = 'Body (HTML)'
export const DEFAULT_PLACEHOLDER = 'Empty: the default is used'
export const TEMPLATE_VARIABLES_NOTE =
  'Variables: {{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .Email }}, {{ .NewEmail }}, {{ .RedirectTo }}, {{ .Data }}.'
export const PREVIEW_TITLE = 'Preview'
export const PREVIEW_FRAME_TITLE = 'Email preview'
export const PREVIEW_EMPTY = 'No body set: the default email is sent.'
/** The values the preview puts in place of the template's variables. */
export const PREVIEW_VALUES = {
  ConfirmationURL: 'https://example.com/auth/v1/verify?token=preview',
  Token: '123456',
  TokenHash: 'preview-token-hash',
  SiteURL: 'https://example.com',
  Email: 'user@example.com',
  NewEmail: 'new@example.com',
  RedirectTo: 'https://example.com/welcome',
  Data: '{}',
} as const
export const SMTP_TITLE = 'SMTP settings'
export const SMTP_DESCRIPTION = 'The server that sends the auth emails. Without one, no email can be sent.'
export const SMTP_FIELDS = {
  smtp_host: 'Host',
  smtp_port: 'Port',
  smtp_user: 'Username',
  smtp_pass: 'Password',
  smtp_admin_email: 'Sender email',
  smtp_sender_name: 'Sender name',
} as const
export const SMTP_MAX_FREQUENCY_LABEL = 'Minimum interval between emails to one address'

export const URL_CONFIG_TITLE = 'URL configuration'
export const URL_CONFIG_DESCRIPTION =
  'Where the auth server sends users after they follow a link in an email or sign in with another provider.'
export const SITE_URL_LABEL = 'Site URL'
export const SITE_URL_DESCRIPTION = 'The default redirect, and the {{ .SiteURL }} of email templates.'
export const REDIRECT_URLS_TITLE = 'Redirect URLs'
export const REDIRECT_URLS_DESCRIPTION =
  'Other URLs a redirect_to may name. * matches within one part of the address, ** anything (e.g. https://*.example.com/**).'
export const REDIRECT_URL_LABEL = 'New redirect URL'
export const ADD_REDIRECT_URL_LABEL = 'Add URL'
export const REMOVE_REDIRECT_URL_LABEL = (url: string) => `Remove ${url}`
export const NO_REDIRECT_URLS = 'No redirect URLs: only the site URL is allowed.'
export const REDIRECT_URL_INVALID = 'Enter a URL such as https://example.com/welcome or a pattern with *'
export const REDIRECT_URL_DUPLICATE = 'This URL is in the list already'
export const REDIRECT_URL_HAS_COMMA = 'A URL in the list cannot contain a comma'

export const RATE_LIMITS_TITLE = 'Rate limits'
export const RATE_LIMITS_DESCRIPTION =
  'How many requests the auth server takes in each window before it answers 429 Too Many Requests. Windows slide: a burst is forgiven as it ages.'
export const RATE_LIMIT_FIELDS = [
  { field: 'rate_limit_email_sent', label: 'Emails sent', unit: 'per hour, for the whole project' },
  {
    field: 'rate_limit_sms_sent',
    label: 'SMS messages sent',
    unit: 'per hour, for the whole project (no SMS provider yet)',
  },
  { field: 'rate_limit_signups_signins', label: 'Sign-ups and sign-ins', unit: 'per 5 minutes and client address' },
  { field: 'rate_limit_token_refresh', label: 'Token refreshes', unit: 'per 5 minutes and client address' },
  { field: 'rate_limit_verify', label: 'Token verifications', unit: 'per 5 minutes and client address' },
  { field: 'rate_limit_otp', label: 'One-time codes sent', unit: 'per hour and client address' },
  { field: 'rate_limit_anonymous_users', label: 'Anonymous sign-ins', unit: 'per hour and client address' },
] as const

export const SESSIONS_TITLE = 'Sessions'
export const SESSIONS_DESCRIPTION = 'How long access tokens last and how refresh tokens are replaced.'
export const JWT_EXP_LABEL = 'Access token expiry'
export const JWT_EXP_DESCRIPTION = 'From 30 seconds to 7 days (604800). Shorter is safer; clients refresh on their own.'
export const ROTATION_LABEL = 'Detect and revoke compromised refresh tokens'
export const ROTATION_DESCRIPTION =
  'Each refresh token works once: using an old one again ends the whole session, as a stolen token would.'
export const REUSE_INTERVAL_LABEL = 'Refresh token reuse interval'
export const REUSE_INTERVAL_DESCRIPTION =
  'An old refresh token still works this long after it was replaced, for tabs that refresh at the same time (0 to 3600).'
export const REAUTH_LABEL = 'Require reauthentication to change the password'
export const REAUTH_DESCRIPTION = 'A signed-in user confirms a code sent by email before a new password is saved.'

import { z } from 'zod'

/**
 * A project's auth server settings, in the hosted Management API's field names (`GET/PATCH
 * /v1/projects/{ref}/config/auth`), so tools written for it round-trip the object unchanged. The control plane keeps
 * only what differs from these defaults.
 */

export const AUTH_EMAIL_KINDS = [
  'confirmation',
  'invite',
  'magic_link',
  'email_change',
  'recovery',
  'reauthentication',
] as const
export type AuthEmailKind = (typeof AUTH_EMAIL_KINDS)[number]

export const OAUTH_PROVIDERS = ['github', 'google', 'gitlab', 'azure', 'oidc'] as const
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number]

/** The hosted product's choices for `password_required_characters`: groups separated by ':'. */
export const PASSWORD_REQUIRED_CHARACTERS = [
  '',
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  'abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789',
  'abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789:!@#$%^&*()_+-=[]{};\'\\\\:"|<>?,./`~',
] as const

/** What GET answers in place of a stored secret; sent back by a PATCH, it keeps the stored one. */
export const AUTH_SECRET_MASK = '••••••••'

const text = (max = 2048) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\0'), 'must not contain NUL')
const nullableText = (max = 2048) => text(max).nullable()
const seconds = (min: number, max: number) => z.number().int().min(min).max(max)

const emailFields = Object.fromEntries(
  AUTH_EMAIL_KINDS.flatMap((kind) => [
    [`mailer_subjects_${kind}`, nullableText(256)],
    [`mailer_templates_${kind}_content`, nullableText(100_000)],
  ]),
) as unknown as Record<
  `mailer_subjects_${AuthEmailKind}` | `mailer_templates_${AuthEmailKind}_content`,
  ReturnType<typeof nullableText>
>

const providerFields = Object.fromEntries(
  OAUTH_PROVIDERS.flatMap((provider) => [
    [`external_${provider}_enabled`, z.boolean()],
    [`external_${provider}_client_id`, nullableText(512)],
    [`external_${provider}_secret`, nullableText(512)],
    [`external_${provider}_url`, nullableText(2048)],
  ]),
) as unknown as Record<`external_${OAuthProviderName}_enabled`, z.ZodBoolean> &
  Record<
    | `external_${OAuthProviderName}_client_id`
    | `external_${OAuthProviderName}_secret`
    | `external_${OAuthProviderName}_url`,
    ReturnType<typeof nullableText>
  >

export const ProjectAuthConfig = z.object({
  site_url: text(2048),
  /** comma-separated redirect URLs (globs allowed), besides the site URL */
  uri_allow_list: text(20_000),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  sms_autoconfirm: z.boolean(),
  /** an email change is confirmed from both the old and the new address */
  mailer_secure_email_change_enabled: z.boolean(),
  mailer_otp_exp: seconds(60, 86_400),
  mailer_otp_length: z.number().int().min(6).max(10),
  external_email_enabled: z.boolean(),
  external_phone_enabled: z.boolean(),
  external_anonymous_users_enabled: z.boolean(),
  /** `phone=code` pairs, comma-separated: fixed codes for development numbers */
  sms_test_otp: nullableText(4096),
  sms_otp_exp: seconds(60, 86_400),
  sms_otp_length: z.number().int().min(6).max(10),
  jwt_exp: seconds(30, 604_800),
  refresh_token_rotation_enabled: z.boolean(),
  /** seconds within which a rotated refresh token may be used again (concurrent tabs) */
  security_refresh_token_reuse_interval: seconds(0, 3600),
  security_update_password_require_reauthentication: z.boolean(),
  password_min_length: z.number().int().min(6).max(72),
  password_required_characters: z.enum(PASSWORD_REQUIRED_CHARACTERS),
  smtp_host: nullableText(253),
  smtp_port: nullableText(5).refine((value) => value === null || /^\d{1,5}$/.test(value), 'must be a port number'),
  smtp_user: nullableText(512),
  smtp_pass: nullableText(512),
  smtp_admin_email: nullableText(254),
  smtp_sender_name: nullableText(256),
  /** seconds between two emails to the same address */
  smtp_max_frequency: seconds(0, 86_400),
  ...emailFields,
  /** per hour, for the whole project */
  rate_limit_email_sent: z.number().int().min(0).max(1_000_000),
  rate_limit_sms_sent: z.number().int().min(0).max(1_000_000),
  /** per 5 minutes and client address */
  rate_limit_verify: z.number().int().min(0).max(1_000_000),
  rate_limit_token_refresh: z.number().int().min(0).max(1_000_000),
  rate_limit_anonymous_users: z.number().int().min(0).max(1_000_000),
  rate_limit_otp: z.number().int().min(0).max(1_000_000),
  /** sign-ups and sign-ins per 5 minutes and client address */
  rate_limit_signups_signins: z.number().int().min(0).max(1_000_000),
  ...providerFields,
})
export type ProjectAuthConfig = z.infer<typeof ProjectAuthConfig>

const providerDefaults = Object.fromEntries(
  OAUTH_PROVIDERS.flatMap((provider) => [
    [`external_${provider}_enabled`, false],
    [`external_${provider}_client_id`, null],
    [`external_${provider}_secret`, null],
    [`external_${provider}_url`, null],
  ]),
)
const emailDefaults = Object.fromEntries(
  AUTH_EMAIL_KINDS.flatMap((kind) => [
    [`mailer_subjects_${kind}`, null],
    [`mailer_templates_${kind}_content`, null],
  ]),
)

export const AUTH_CONFIG_DEFAULTS: ProjectAuthConfig = {
  site_url: 'http://localhost:3000',
  uri_allow_list: '',
  disable_signup: false,
  mailer_autoconfirm: false,
  sms_autoconfirm: false,
  mailer_secure_email_change_enabled: true,
  mailer_otp_exp: 3600,
  mailer_otp_length: 6,
  external_email_enabled: true,
  external_phone_enabled: false,
  external_anonymous_users_enabled: false,
  sms_test_otp: null,
  sms_otp_exp: 60,
  sms_otp_length: 6,
  jwt_exp: 3600,
  refresh_token_rotation_enabled: true,
  security_refresh_token_reuse_interval: 10,
  security_update_password_require_reauthentication: false,
  password_min_length: 6,
  password_required_characters: '',
  smtp_host: null,
  smtp_port: null,
  smtp_user: null,
  smtp_pass: null,
  smtp_admin_email: null,
  smtp_sender_name: null,
  smtp_max_frequency: 60,
  ...emailDefaults,
  rate_limit_email_sent: 30,
  rate_limit_sms_sent: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_anonymous_users: 30,
  rate_limit_otp: 30,
  rate_limit_signups_signins: 30,
  ...providerDefaults,
} as ProjectAuthConfig

/** Fields whose stored value GET masks (AUTH_SECRET_MASK). */
export const AUTH_SECRET_FIELDS = ['smtp_pass', ...OAUTH_PROVIDERS.map((provider) => `external_${provider}_secret`)]

/**
 * Hosted fields pgfleet does not support yet, with the value that means "off": a PATCH may send them at that value
 * (tools round-trip the whole object), never at another.
 */
export const UNSUPPORTED_AUTH_FIELDS: Readonly<Record<string, unknown>> = {
  mfa_totp_enroll_enabled: false,
  mfa_totp_verify_enabled: false,
  mfa_phone_enroll_enabled: false,
  mfa_phone_verify_enabled: false,
  mfa_web_authn_enroll_enabled: false,
  mfa_web_authn_verify_enabled: false,
  saml_enabled: false,
  hook_custom_access_token_enabled: false,
  hook_send_email_enabled: false,
  hook_send_sms_enabled: false,
  hook_mfa_verification_attempt_enabled: false,
  hook_password_verification_attempt_enabled: false,
  security_captcha_enabled: false,
  security_manual_linking_enabled: false,
  sessions_single_per_user: false,
  sessions_timebox: 0,
  sessions_inactivity_timeout: 0,
  external_apple_enabled: false,
  external_bitbucket_enabled: false,
  external_discord_enabled: false,
  external_facebook_enabled: false,
  external_figma_enabled: false,
  external_kakao_enabled: false,
  external_keycloak_enabled: false,
  external_linkedin_oidc_enabled: false,
  external_notion_enabled: false,
  external_slack_oidc_enabled: false,
  external_spotify_enabled: false,
  external_twitch_enabled: false,
  external_twitter_enabled: false,
  external_workos_enabled: false,
  external_zoom_enabled: false,
  sms_provider: null,
}

/** The PATCH body: any subset of the fields, plus unsupported ones at their "off" value (checked by the server). */
export const ProjectAuthConfigPatch = z.record(z.string().max(128), z.unknown())
export type ProjectAuthConfigPatch = z.infer<typeof ProjectAuthConfigPatch>

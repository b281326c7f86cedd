import { z } from 'zod'

/**
 * API keys and project settings:
 * JWT secret rotation, the data API configuration, the project URL, custom domains and the database password.
 */

/** Members without read on service API keys see this and never get the secret values. */
export const API_KEYS_PERMISSION_DENIED = 'You need additional permissions to view API keys'
export const JWT_SECRET_UPDATE_DENIED = 'You need additional permissions to update the JWT secret'
export const DB_PASSWORD_RESET_DENIED = 'You need additional permissions to reset the database password'
export const CUSTOM_DOMAIN_UPDATE_DENIED = 'You need additional permissions to change the custom domain'

/** Texts of the API keys panel. */
export const API_KEYS_MESSAGES = {
  retrieveFailed: 'Failed to retrieve API keys',
  updateJwtFailed: 'Failed to update JWT secret',
  retrieveConfigFailed: 'Failed to retrieve configuration',
  jwtUpdateFailed: 'JWT secret update failed, new API key may have issues',
  updatingJwt: 'Updating JWT secret...',
} as const

/** The JWT update status is polled every second while it is Updating. */
export const JWT_UPDATE_POLL_INTERVAL_MS = 1000
/** Copy feedback on a key resets after this long. */
export const KEY_COPY_FEEDBACK_RESET_MS = 2000

export const JWT_SECRET_MIN_LENGTH = 32
export const JWT_SECRET_MAX_LENGTH = 512

/** Without jwt_secret the platform generates one; change_tracking_id lets the caller pick the id it polls for. */
export const UpdateJwtSecretBody = z.object({
  jwt_secret: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, `The JWT secret must be at least ${JWT_SECRET_MIN_LENGTH} characters`)
    .max(JWT_SECRET_MAX_LENGTH, `The JWT secret must be at most ${JWT_SECRET_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'The JWT secret may contain only printable ASCII characters without spaces')
    .optional(),
  change_tracking_id: z.uuid('change_tracking_id must be a UUID').optional(),
})
export type UpdateJwtSecretBody = z.infer<typeof UpdateJwtSecretBody>
export const UpdateJwtSecretResponse = z.object({ change_tracking_id: z.string() })
export type UpdateJwtSecretResponse = z.infer<typeof UpdateJwtSecretResponse>

/** Updating (polled every 1 s), Updated, Failed. */
export const JWT_SECRET_UPDATE_STATUSES = ['Updating', 'Updated', 'Failed'] as const
export const JwtSecretUpdateStatus = z.enum(JWT_SECRET_UPDATE_STATUSES)
export type JwtSecretUpdateStatus = z.infer<typeof JwtSecretUpdateStatus>

/** The steps of the update job, in order; `progress` names the last one reached. */
export const JWT_SECRET_UPDATE_PROGRESS = ['Started', 'Storing new secret', 'Completed'] as const

/** The JWT update status; every field is null when the secret was never changed. */
export const JwtSecretUpdateStatusResponse = z.object({
  status: JwtSecretUpdateStatus.nullable(),
  progress: z.string().nullable(),
  error: z.string().nullable(),
  change_tracking_id: z.string().nullable(),
})
export type JwtSecretUpdateStatusResponse = z.infer<typeof JwtSecretUpdateStatusResponse>

/** The data API's configuration, in PostgREST's words. Only for members with read on service API keys. */
export const PostgrestConfigResponse = z.object({
  db_schema: z.string(),
  db_extra_search_path: z.string(),
  db_anon_role: z.string(),
  max_rows: z.number().nullable(),
  db_pool: z.number(),
  role_claim_key: z.string(),
  jwt_secret: z.string(),
})
export type PostgrestConfigResponse = z.infer<typeof PostgrestConfigResponse>

/** App config: the project URL is `{protocol}://{endpoint}`. */
export const AppConfig = z.object({
  protocol: z.enum(['http', 'https']),
  endpoint: z.string(),
  db_schema: z.string(),
})
export type AppConfig = z.infer<typeof AppConfig>

export const ProjectSettingsResponse = z.object({
  ref: z.string(),
  name: z.string(),
  status: z.string(),
  region: z.string(),
  cloud_provider: z.string(),
  inserted_at: z.string(),
  app_config: AppConfig,
  db_host: z.string(),
  db_port: z.number().nullable(),
  db_user: z.string(),
  db_name: z.string(),
  /** the server's version number, e.g. 17.10 */
  db_version: z.string(),
  /** the version as the dashboard shows it, with the product prefix (Project.dbVersion) */
  db_version_label: z.string(),
  /** the direct connection string; the password is the placeholder [YOUR-PASSWORD]; null without a TCP port (paused) */
  db_connection_string: z.string().nullable(),
  ssl_enforced: z.boolean(),
})
export type ProjectSettingsResponse = z.infer<typeof ProjectSettingsResponse>

export const ResetDbPasswordBody = z.object({
  password: z
    .string({ error: 'Database password is required' })
    .min(8, 'Database password must be at least 8 characters')
    .max(128, 'Database password must be at most 128 characters')
    .regex(
      /^[\x20-\x7e]*$/,
      'Database password may contain only printable ASCII characters (letters, digits, symbols, spaces)',
    ),
})
export type ResetDbPasswordBody = z.infer<typeof ResetDbPasswordBody>

/** The hosted product's custom hostname statuses, in the order a domain goes through them. */
export const CUSTOM_HOSTNAME_STATUSES = [
  '0_not_allowed',
  '0_no_hostname_configured',
  '1_not_started',
  '2_initiated',
  '3_challenge_verified',
  '4_origin_setup_completed',
  '5_services_reconfigured',
] as const
export const CustomHostnameStatus = z.enum(CUSTOM_HOSTNAME_STATUSES)
export type CustomHostnameStatus = z.infer<typeof CustomHostnameStatus>

/** Server messages chosen so that customHostnameStatusFromError maps them. */
export const CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE =
  'Your organization is not allowed to set up custom domain: custom domains need a paid plan'
export const NO_CUSTOM_HOSTNAME_MESSAGE = (ref: string) => `Project ${ref} has no custom hostname configuration`

/**
 * An error whose text contains 'not allowed to set up custom domain' means 0_not_allowed,
 * one containing 'custom hostname configuration' means 0_no_hostname_configured; any other error is a real error.
 */
export function customHostnameStatusFromError(message: string): CustomHostnameStatus | null {
  if (message.includes('not allowed to set up custom domain')) return '0_not_allowed'
  if (message.includes('custom hostname configuration')) return '0_no_hostname_configured'
  return null
}

const HOSTNAME_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
export const CustomHostname = z
  .string({ error: 'Custom hostname is required' })
  .trim()
  .toLowerCase()
  .max(253, 'A hostname is at most 253 characters')
  .refine((value) => !/^\d+(\.\d+){3}$/.test(value), 'Enter a domain name, not an IP address')
  .refine(
    (value) => value.split('.').length >= 3 && value.split('.').every((label) => HOSTNAME_LABEL.test(label)),
    'Enter a subdomain such as api.example.com (letters, digits and dashes, without protocol, port or path)',
  )

export const CustomHostnameBody = z.object({ custom_hostname: CustomHostname })
export type CustomHostnameBody = z.infer<typeof CustomHostnameBody>

export const CustomHostnameDetails = z.object({
  id: z.string(),
  hostname: z.string(),
  /** pending until the ownership record is verified, then active once activated */
  status: z.enum(['pending', 'active']),
  ownership_verification: z.object({ type: z.literal('txt'), name: z.string(), value: z.string() }),
  /** where the hostname's CNAME must point; TLS is up to the proxy in front of the platform */
  custom_origin_server: z.string(),
  verification_errors: z.array(z.string()),
  created_at: z.string(),
  /**
   * While unproven, the hostname is only claimed: other projects may claim it too, the first proven claim gets it,
   * and this one is dropped at this time unless its TXT record is found first. Null once proven.
   */
  claim_expires_at: z.string().nullable(),
})
export type CustomHostnameDetails = z.infer<typeof CustomHostnameDetails>

/** Custom domain: data is null while no hostname is configured. */
export const CustomHostnameResponse = z.object({
  status: CustomHostnameStatus,
  custom_hostname: z.string().nullable(),
  data: z
    .object({
      success: z.boolean(),
      errors: z.array(z.string()),
      messages: z.array(z.string()),
      result: CustomHostnameDetails,
    })
    .nullable(),
})
export type CustomHostnameResponse = z.infer<typeof CustomHostnameResponse>

export const DbPasswordResetResponse = z.object({ result: z.string() })
export type DbPasswordResetResponse = z.infer<typeof DbPasswordResetResponse>

export const OpenApiProperty = z.object({
  format: z.string().optional(),
  type: z.string().optional(),
  description: z.string().optional(),
})
export type OpenApiProperty = z.infer<typeof OpenApiProperty>
export const OpenApiDefinition = z.object({
  properties: z.record(z.string(), OpenApiProperty).optional(),
  required: z.array(z.string()).optional(),
  description: z.string().optional(),
})
export type OpenApiDefinition = z.infer<typeof OpenApiDefinition>
export const OpenApiParameter = z.object({
  name: z.string(),
  in: z.string().optional(),
  required: z.boolean().optional(),
  schema: z
    .object({
      properties: z.record(z.string(), OpenApiProperty).optional(),
      required: z.array(z.string()).optional(),
      type: z.string().optional(),
    })
    .optional(),
})
export type OpenApiParameter = z.infer<typeof OpenApiParameter>
export const OpenApiPath = z.record(
  z.string(),
  z.object({
    parameters: z.array(OpenApiParameter).optional(),
    summary: z.string().optional(),
    description: z.string().optional(),
  }),
)
export type OpenApiPath = z.infer<typeof OpenApiPath>

/**
 * `GET /platform/projects/{ref}/api/rest`: the project's REST API description in the Swagger 2.0 shape PostgREST
 * publishes; only the parts the dashboard's API docs read are named here.
 */
export const RestApiDescription = z.looseObject({
  definitions: z.record(z.string(), OpenApiDefinition).optional(),
  paths: z.record(z.string(), OpenApiPath).optional(),
})
export type RestApiDescription = z.infer<typeof RestApiDescription>

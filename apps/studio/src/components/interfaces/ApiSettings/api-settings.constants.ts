import {
  API_KEYS_MANAGE_DENIED,
  API_KEYS_MESSAGES,
  API_KEYS_PERMISSION_DENIED,
  JWT_SECRET_MIN_LENGTH,
  LEGACY_API_KEYS_UPDATE_DENIED,
} from '@pgfleet/contracts'

export const API_SETTINGS_TITLE = 'API settings'
export const PROJECT_URL_TITLE = 'Project URL'
export const PROJECT_URL_DESCRIPTION = 'A RESTful endpoint for querying and managing your database.'
export const API_KEYS_TITLE = 'Project API keys'
export const API_KEYS_DESCRIPTION =
  'Your API is secured behind an API gateway which requires an API key for every request. Use these keys in your app.'
export const ANON_KEY_LABEL = 'anon'
export const ANON_KEY_BADGE = 'public'
export const ANON_KEY_DESCRIPTION =
  'This key is safe to use in a browser if you have enabled row-level security for your tables and configured policies.'
export const SERVICE_KEY_LABEL = 'service_role'
export const SERVICE_KEY_BADGE = 'secret'
export const SERVICE_KEY_DESCRIPTION =
  'This key has the ability to bypass row-level security. Never share it publicly or use it in a browser.'
export const JWT_SETTINGS_TITLE = 'JWT settings'
export const JWT_SECRET_LABEL = 'JWT secret'
export const JWT_SECRET_DESCRIPTION =
  'Used to decode your JWTs. You can also use this to mint your own JWTs. Changing it invalidates both API keys.'
export const REVEAL_LABEL = 'Reveal'
export const HIDE_LABEL = 'Hide'
export const HIDDEN_VALUE = '••••••••••••••••••••••••••••••••'

export const PERMISSION_DENIED_MESSAGE = API_KEYS_PERMISSION_DENIED
export const RESTRICTED_NOTICE =
  'The service_role key and the JWT secret are restricted. Ask an owner or administrator of the organization for access.'
export const RETRIEVE_KEYS_FAILED = API_KEYS_MESSAGES.retrieveFailed
export const RETRIEVE_CONFIG_FAILED = API_KEYS_MESSAGES.retrieveConfigFailed
export const UPDATE_JWT_FAILED = API_KEYS_MESSAGES.updateJwtFailed
export const JWT_UPDATE_FAILED_TEXT = API_KEYS_MESSAGES.jwtUpdateFailed
export const UPDATING_JWT_TEXT = API_KEYS_MESSAGES.updatingJwt
export const JWT_UPDATED_TOAST = 'JWT secret updated: the API keys have been regenerated'

export const GENERATE_JWT_LABEL = 'Generate a new JWT secret'
export const GENERATE_JWT_CONFIRM_TITLE = 'Generate a new JWT secret?'
export const GENERATE_JWT_CONFIRM_DESCRIPTION =
  'A new secret replaces the current one and both API keys are regenerated. Apps using the current keys stop working until they use the new ones.'
export const GENERATE_JWT_CONFIRM_LABEL = 'Generate new secret'
export const CUSTOM_SECRET_LABEL = 'Custom JWT secret (optional)'
export const CUSTOM_SECRET_DESCRIPTION = `Leave empty to generate a random secret. At least ${JWT_SECRET_MIN_LENGTH} characters.`
export const CUSTOM_SECRET_TOO_SHORT = `The JWT secret must be at least ${JWT_SECRET_MIN_LENGTH} characters`
export const UPDATE_JWT_PERMISSION_TOOLTIP = 'You need additional permissions to update the JWT secret'
export const JWT_STATUS_LABEL = 'Last update'
export const CUSTOM_DOMAIN_URL_NOTE = 'Custom domain (active): the same APIs under your own domain'

export const PUBLISHABLE_KEYS_TITLE = 'Publishable key'
export const PUBLISHABLE_KEYS_DESCRIPTION =
  'Safe to use in a browser, a mobile app or any other code you ship, when row-level security is on for your tables. It acts as the anon role.'
export const PUBLISHABLE_KEY_BADGE = 'public'
export const SECRET_KEYS_TITLE = 'Secret keys'
export const SECRET_KEYS_DESCRIPTION =
  'For your servers, jobs and edge functions: they act as the service_role and bypass row-level security. Requests from a browser with a secret key are refused.'
export const SECRET_KEY_BADGE = 'secret'
export const NO_SECRET_KEYS = 'This project has no secret keys.'
export const SECRET_KEYS_RESTRICTED =
  'The values of secret keys are restricted. Ask an owner or administrator of the organization for access.'
export const CREATE_SECRET_KEY_LABEL = 'Create secret key'
export const CREATE_SECRET_KEY_TITLE = 'Create a secret API key'
export const CREATE_SECRET_KEY_DESCRIPTION =
  'A secret key gives full access to your project’s data, bypassing row-level security. Keep it on your servers: never put it in a web page or an app.'
export const CREATE_SECRET_KEY_CONFIRM = 'Create key'
export const CREATED_KEY_CLOSE_LABEL = 'Done'
export const SECRET_KEY_NAME_LABEL = 'Name'
export const SECRET_KEY_NAME_DESCRIPTION = 'Lowercase letters, digits and underscores, e.g. billing_worker'
export const SECRET_KEY_DESCRIPTION_LABEL = 'Description (optional)'
export const SECRET_KEY_CREATED_TOAST = (name: string) => `Secret key ${name} created`
export const CREATE_SECRET_KEY_FAILED = 'Failed to create the secret key'
export const MANAGE_KEYS_PERMISSION_TOOLTIP = API_KEYS_MANAGE_DENIED
export const REVOKE_KEY_LABEL = 'Revoke'
export const REVOKE_KEY_TITLE = (name: string) => `Revoke the secret key ${name}?`
export const REVOKE_KEY_DESCRIPTION =
  'Requests made with this key are refused from now on. Apps and servers that use it stop working until they use another key. This cannot be undone.'
export const REVOKE_KEY_CONFIRM = 'Revoke key'
export const KEY_REVOKED_TOAST = (name: string) => `Secret key ${name} revoked`
export const REVOKE_KEY_FAILED = 'Failed to revoke the secret key'
export const REVEAL_KEY_FAILED = 'Failed to reveal the secret key'

export const LEGACY_KEYS_TITLE = 'Legacy API keys'
export const LEGACY_KEYS_DESCRIPTION =
  'The anon and service_role keys are JWTs signed with the project’s JWT secret. Prefer the publishable and secret keys above; once your apps no longer use these, disable them.'
export const LEGACY_KEYS_SWITCH_LABEL = 'Legacy API keys enabled'
export const LEGACY_KEYS_DISABLED_TITLE = 'Legacy API keys are disabled'
export const LEGACY_KEYS_DISABLED_TEXT =
  'Requests with the anon or service_role key (or any JWT of those roles) are refused. Signed-in users’ tokens still work.'
export const DISABLE_LEGACY_TITLE = 'Disable the legacy API keys?'
export const DISABLE_LEGACY_DESCRIPTION =
  'Every request made with the anon or service_role key, or with any other JWT of those roles, will be refused with 401. Move your apps to the publishable and secret keys first.'
export const DISABLE_LEGACY_CONFIRM = 'Disable legacy keys'
export const LEGACY_TOGGLE_FAILED = (enabled: boolean) =>
  `Failed to ${enabled ? 're-enable' : 'disable'} the legacy API keys`
export const LEGACY_UPDATE_PERMISSION_TOOLTIP = LEGACY_API_KEYS_UPDATE_DENIED

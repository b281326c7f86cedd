import { API_KEYS_MESSAGES, API_KEYS_PERMISSION_DENIED, JWT_SECRET_MIN_LENGTH } from '@pgfleet/contracts'

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

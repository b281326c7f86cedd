export const ACCESS_TOKENS_TITLE = 'Access tokens'
export const ACCESS_TOKENS_DESCRIPTION =
  'Personal access tokens let scripts call the pgfleet API as you: send one as "Authorization: Bearer <token>".'
export const TOKEN_NAME_LABEL = 'Token name'
export const CREATE_TOKEN_LABEL = 'Generate token'
export const CREATE_TOKEN_FAILED_TITLE = 'The token was not created'
export const NEW_TOKEN_TITLE = (name: string) => `Token "${name}" created`
export const NEW_TOKEN_NOTICE = 'Copy it now: it is shown only once.'
export const NEW_TOKEN_LABEL = 'access token'
export const DISMISS_NEW_TOKEN_LABEL = 'Done'
export const NO_TOKENS_MESSAGE = 'You have no access tokens.'
export const TOKENS_LOAD_FAILED_TITLE = 'Failed to load access tokens'
export const DELETE_TOKEN_LABEL = (name: string) => `Delete token ${name}`
export const DELETE_TOKEN_TITLE = (name: string) => `Delete token "${name}"?`
export const DELETE_TOKEN_DESCRIPTION = 'Scripts that use it stop working at once. This cannot be undone.'
export const DELETE_TOKEN_CONFIRM_LABEL = 'Delete token'
export const TOKEN_DELETED_MESSAGE = 'Token deleted'
export const TOKEN_DELETE_FAILED = (message: string) => `Failed to delete token: ${message}`
export const NEVER_USED_LABEL = 'Never used'

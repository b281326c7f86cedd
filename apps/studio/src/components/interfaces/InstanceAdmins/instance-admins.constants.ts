export const INSTANCE_ADMINS_TITLE = 'Instance administrators'
export const INSTANCE_ADMINS_DESCRIPTION =
  "They run this platform: they set every organization's plan and name other instance administrators. Organization roles, Owner included, do not give these rights."
export const INSTANCE_ADMIN_EMAIL_LABEL = 'Email of an existing user'
export const ADD_INSTANCE_ADMIN_LABEL = 'Make instance administrator'
export const REMOVE_INSTANCE_ADMIN_LABEL = 'Remove'
export const CONFIGURED_ADMIN_NOTE = 'PGFLEET_ADMIN_EMAIL: an instance administrator again at every start'
export const INSTANCE_ADMIN_ADDED = (email: string) => `${email} is now an instance administrator`
export const INSTANCE_ADMIN_REMOVED = 'Removed from the instance administrators'
export const INSTANCE_ADMIN_ACTION_FAILED = (message: string) =>
  `Could not change the instance administrators: ${message}`

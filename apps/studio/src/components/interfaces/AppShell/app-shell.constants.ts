export const ACCOUNT_MENU_LABEL = 'Account'
export const SIGN_OUT_LABEL = 'Sign out'
export const SIGNED_IN_AS_LABEL = 'Signed in as'
export const ACCESS_TOKENS_LINK_LABEL = 'Access tokens'
export const ALL_PROJECTS_LINK_LABEL = 'All projects'
export const SUPPORT_LINK_LABEL = 'Support'
export const SIGN_OUT_FAILED = (message: string) => `Failed to sign out: ${message}`
export const LOADING_SESSION_LABEL = 'Loading your session'

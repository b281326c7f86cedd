import type { RoleName } from '@pgfleet/contracts'

export const ORGANIZATION_TABS = [
  { label: 'General', path: 'general' },
  { label: 'Billing', path: 'billing' },
] as const

export const ORGANIZATION_NOT_FOUND_TITLE = 'Organization not found'
export const ORGANIZATION_NOT_FOUND_DESCRIPTION = (slug: string) =>
  `You are not a member of an organization named "${slug}".`
export const ORGANIZATION_LOAD_FAILED_TITLE = 'Failed to load the organization'

export const GENERAL_SECTION_TITLE = 'Organization details'
export const ORGANIZATION_NAME_LABEL = 'Organization name'
export const ORGANIZATION_SLUG_LABEL = 'Slug'
export const ORGANIZATION_SLUG_DESCRIPTION =
  'Used in addresses such as /org/{slug}. Lowercase letters, digits and dashes.'
export const AI_OPT_IN_LABEL = 'Let the AI assistant read database schema metadata'
export const AI_OPT_IN_DESCRIPTION =
  'When on, the assistant may send the names and types of your schemas, tables and columns to the AI model to write better SQL. Your data itself is never sent.'
export const SAVE_ORGANIZATION_LABEL = 'Save'
export const NO_UPDATE_PERMISSION_MESSAGE = 'You do not have the required permissions to update this organization'
export const OPT_IN_SUCCESS_MESSAGE = 'Successfully opted-in'
export const UPDATE_SUCCESS_MESSAGE = 'Successfully updated organization'
export const UPDATE_FAILED_TITLE = 'The organization was not updated'

export const MEMBERS_SECTION_TITLE = 'Members'
export const MEMBERS_LOAD_FAILED_TITLE = 'Failed to load members'
export const ROLE_SELECT_LABEL = (email: string) => `Role of ${email}`
export const REMOVE_MEMBER_LABEL = (email: string) => `Remove ${email}`
export const REMOVE_MEMBER_TITLE = (email: string) => `Remove ${email} from the organization`
export const REMOVE_MEMBER_DESCRIPTION =
  'They lose access to every project of the organization. You can invite them again later.'
export const REMOVE_MEMBER_CONFIRM_LABEL = 'Remove member'
export const MEMBER_REMOVED_MESSAGE = 'Member removed'
export const MEMBER_REMOVE_FAILED = (message: string) => `Failed to remove member: ${message}`
export const ROLE_UPDATED_MESSAGE = 'Role updated'
export const ROLE_UPDATE_FAILED = (message: string) => `Failed to update role: ${message}`
export const YOU_LABEL = 'You'
export const NO_MEMBER_PERMISSION_TOOLTIP = 'You need additional permissions to manage members'

export const INVITE_SECTION_TITLE = 'Invite a member'
export const INVITE_EMAIL_LABEL = 'Member email'
export const INVITE_ROLE_LABEL = 'Member role'
export const INVITE_BUTTON_LABEL = 'Invite member'
export const DEFAULT_INVITE_ROLE: RoleName = 'Developer'
export const MEMBER_ADDED_TITLE = 'Member added'
export const MEMBER_ADDED_DESCRIPTION = (email: string) => `${email} already had an account and is now a member.`
export const INVITATION_RECORDED_TITLE = 'Invitation recorded'
export const INVITATION_RECORDED_DESCRIPTION = (email: string) =>
  `${email} has no account yet; they join the organization when they sign up with this email.`
export const INVITE_FAILED_TITLE = 'The member was not invited'
export const PENDING_INVITATIONS_TITLE = 'Pending invitations'

export const SUPPORT_REQUESTS_SECTION_TITLE = 'Support requests'
export const SUPPORT_REQUESTS_DESCRIPTION = 'Requests sent by members of this organization. Only owners see this list.'
export const NO_SUPPORT_REQUESTS = 'No support requests yet.'
export const NEW_SUPPORT_REQUEST_LABEL = 'New support request'

export const AI_MODEL_SECTION_TITLE = 'AI assistant model'
export const AI_MODEL_SECTION_DESCRIPTION =
  "The model the assistant uses for this organization's projects. Leave the provider on the platform default to use the platform's configuration."
export const AI_PROVIDER_LABEL = 'Provider'
export const AI_PROVIDER_DEFAULT_OPTION = 'Platform default'
export const AI_PROVIDER_OPTION_LABELS = { openai: 'OpenAI-compatible', anthropic: 'Anthropic' } as const
export const AI_BASE_URL_LABEL = 'Base URL'
export const AI_BASE_URL_DESCRIPTION =
  'An OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server, LiteLLM); empty for the provider default.'
export const AI_MODEL_LABEL = 'Model'
export const AI_API_KEY_LABEL = 'API key'
export const AI_API_KEY_STORED = 'A key is stored. Type a new one to replace it.'
export const AI_API_KEY_NONE = 'No key is stored.'
export const AI_REMOVE_KEY_LABEL = 'Remove the stored key'
export const AI_SETTINGS_SAVED_MESSAGE = 'AI model settings saved'
export const AI_SETTINGS_FAILED_TITLE = 'The AI model settings were not saved'
export const AI_SETTINGS_LOAD_FAILED_TITLE = 'Failed to load the AI model settings'
export const HIPAA_ADDON_LABEL = 'HIPAA add-on'
export const HIPAA_ADDON_DESCRIPTION =
  'With the add-on, no schema metadata of any project in the organization is ever sent to a model, whatever the opt-in.'
export const HIPAA_ENABLED_MESSAGE = 'HIPAA add-on enabled'
export const HIPAA_DISABLED_MESSAGE = 'HIPAA add-on disabled'
export const HIPAA_FAILED = (message: string) => `Failed to update the HIPAA add-on: ${message}`

import { SUPPORT_CATEGORIES } from '@pgfleet/contracts'

export const SUPPORT_PAGE_TITLE = 'Contact support'
export const SUPPORT_PAGE_DESCRIPTION = 'Tell us what is wrong. The owners of your organization see every request.'
export const ORGANIZATION_LABEL = 'Organization'
export const PROJECT_REF_LABEL = 'Project ref'
export const PROJECT_REF_DESCRIPTION = 'Optional. The 20-letter reference of the project concerned.'
export const CATEGORY_LABEL = 'Category'
export const SUBJECT_LABEL = 'Subject'
export const MESSAGE_LABEL = 'Message'
export const SEND_LABEL = 'Send support request'
export const SEND_FAILED_TITLE = 'The request was not sent'
export const SENT_TITLE = 'Support request sent'
export const SENT_DESCRIPTION = (id: number) =>
  `Your request #${id} was recorded. The owners of the organization can read it.`
export const SEND_ANOTHER_LABEL = 'Send another request'
export const BACK_TO_PROJECTS_LABEL = 'Back to projects'
export const NO_ORGANIZATION_MESSAGE = 'You need to belong to an organization to contact support.'

export const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((category) => ({
  value: category,
  label: category.replaceAll('_', ' '),
}))
export const DEFAULT_CATEGORY = 'Problem'

/** Query parameters that prefill the form (spec: category, ref, subject, message; `org` is pgfleet's). */
export const SUPPORT_SEARCH_PARAMS = ['category', 'ref', 'subject', 'message', 'org'] as const

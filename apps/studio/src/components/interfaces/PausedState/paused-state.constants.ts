/** The paused project page and the restore flow. */

/** Paused projects can be restored for this many days by default. */
export const DEFAULT_RESTORE_WINDOW_DAYS = 90

export const PAUSED_TITLE = (name: string) => `The project "${name}" is paused`
export const PAUSED_DESCRIPTION =
  'All of its data is intact, but the project is inaccessible while it is paused: its database, its API and the rest of the dashboard come back once you restore it.'
export const PAUSED_BANNER_TEXT =
  'This project is paused. Its data is intact, but it is inaccessible until you restore it.'

export const RESTORE_PROJECT_LABEL = 'Restore project'
export const UPGRADE_TO_PRO_LABEL = 'Upgrade to Pro'
export const VIEW_PROJECT_SETTINGS_LABEL = 'View project settings'
/** `/org/{slug}/billing?panel=subscriptionPlan&source=projectPausedStateRestore` */
export const UPGRADE_PANEL = 'subscriptionPlan'
export const UPGRADE_SOURCE = 'projectPausedStateRestore'

/** Who may restore a paused project. */
export const RESTORE_PERMISSION_TOOLTIP = 'You need additional permissions to resume this project'
export const RESTORE_PERMISSION_DENIED_MESSAGE = 'You do not have the required permissions to restore this project'

export const RESTORE_DIALOG_TITLE = 'Restore this project'
export const RESTORE_DIALOG_DESCRIPTION =
  'The database server starts again on the same data. The project is back in a few minutes.'
export const POSTGRES_VERSION_LABEL = 'Postgres version'
export const POSTGRES_VERSION_DESCRIPTION = 'The Postgres version the project runs after the restore.'
export const POSTGRES_VERSION_OPTION = (version: string, releaseChannel: string) =>
  releaseChannel === 'ga' ? `Postgres ${version}` : `Postgres ${version} (${releaseChannel})`
export const RESTORE_VERSIONS_LOAD_FAILED = 'Failed to load the Postgres versions'
export const NO_RESTORE_VERSIONS =
  'No installed Postgres version can run this project. Contact support so it can be restored.'
export const CANCEL_LABEL = 'Cancel'
export const CONFIRM_RESTORE_LABEL = 'Confirm restore'

/** Texts of the paused-project screen. */
export const RESTORING_TOAST = 'Restoring project'
export const RESTORE_FAILED_MESSAGE = (message: string) => `Failed to restore project: ${message}`
export const RESTORE_PROJECT_REQUIRED_MESSAGE = 'Unable to restore: project is required'

export const FREE_LIMIT_DIALOG_TITLE = 'Members of this organization reached their free project limit'
export const FREE_LIMIT_DIALOG_DESCRIPTION =
  'These owners and administrators already have the most active projects the Free plan allows in the organizations they manage:'
export const FREE_LIMIT_DIALOG_FOOTNOTE =
  'Before this project can be restored, they need to pause or delete one of those projects, or the organization needs a paid plan.'
export const FREE_LIMIT_MEMBER_LIMIT = (limit: number) =>
  `Limit: ${limit} active ${limit === 1 ? 'project' : 'projects'}`
export const UNDERSTOOD_LABEL = 'Understood'

/** The restore gating panel (flag enforceNinetyDayUnpauseExpiry). */
export const PAUSE_STATUS_LOADING = 'Checking how long this project can be restored'
export const PAUSE_STATUS_LOAD_FAILED = 'Failed to retrieve pause status'
export const RESTORE_DISABLED_TITLE = 'This project can no longer be restored'
export const RESTORE_DISABLED_DESCRIPTION = (days: number) =>
  `Projects can be restored for ${days} days after they are paused, and that time has passed. You can still download the project’s backups.`
export const DOWNLOAD_BACKUPS_TITLE = 'Download backups'
export const NO_BACKUPS_AVAILABLE = 'No backups available for download'
export const NO_BACKUPS_TOOLTIP = 'No backups available, please reach out via support for assistance'
export const BACKUPS_LOAD_FAILED = 'Failed to load the backups'
export const STORAGE_DOWNLOAD_LABEL = 'Download storage objects'
export const STORAGE_DOWNLOAD_PREPARING = 'Preparing the storage archive'
export const STORAGE_DOWNLOAD_UNAVAILABLE_TOOLTIP =
  'This feature is not available yet, please reach out to support for assistance'
export const DAYS_REMAINING = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left to restore this project.`
export const LATEST_RESTORE_DATE = (date: string) => `It can be restored until ${date}.`
export const FREE_PLAN_RESTORE_WINDOW = (days: number) =>
  `On the Free plan, paused projects can be restored for ${days} days. After that only their backups can be downloaded.`
export const COMPUTE_BILLING_NOTICE =
  'Once restored, the project’s compute is billed again on your organization’s plan.'

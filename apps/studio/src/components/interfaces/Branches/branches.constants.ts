import { BRANCH_COST_PER_DAY_USD, MIN_BRANCHING_POSTGRES_MAJOR } from '@pgfleet/contracts'

export const BRANCHES_PAGE_TITLE = 'Branches'
export const BRANCHES_PAGE_DESCRIPTION =
  "Preview branches are projects of their own, built from a git branch's supabase/migrations and seed.sql."
export const ENABLE_BRANCHING_LABEL = 'Enable branching'
export const ENABLE_BRANCHING_TITLE = 'Enable database branching'
export const ENABLE_BRANCHING_CONFIRM = 'I understand, enable branching'
export const ENABLE_BRANCHING_CANCEL = 'Cancel'
export const BRANCHING_ENABLED_TOAST = 'Branching enabled'
export const ENABLE_BRANCHING_FAILED = (message: string) => `Failed to enable branching: ${message}`
export const GIT_CONNECTION_TITLE = 'Git connection'
export const GIT_CONNECTION_DESCRIPTION = 'The repository whose branches preview branches are built from.'
export const GIT_CONNECTION_SELECT_LABEL = 'Repository'
export const GIT_CONNECTION_URL_LABEL = 'Repository URL'
export const GIT_CONNECTION_URL_DESCRIPTION = 'https://, ssh:// or file:// URL, or user@host:owner/repo'
export const GIT_CONNECTION_TOKEN_LABEL = 'Access token (optional)'
export const GIT_CONNECTION_TOKEN_DESCRIPTION = 'For private https repositories; stored encrypted, never shown again.'
export const GIT_CONNECTION_ADD = 'Connect repository'
export const GIT_CONNECTION_ADDED = 'Repository connected'
export const GIT_CONNECTION_FAILED = (message: string) => `Failed to connect repository: ${message}`
export const PRODUCTION_BRANCH_LABEL = 'Production branch'
export const PRODUCTION_BRANCH_DESCRIPTION = 'The git branch this project follows.'
export const BRANCH_FOUND = 'Branch found'
export const BRANCH_CHECKING = 'Checking branch…'
export const COST_NOTE_TITLE = 'Preview branches are billed'
export const COST_NOTE = `Each preview branch is billed at $${BRANCH_COST_PER_DAY_USD.toFixed(2)} per day while it exists, on top of your plan.`
export const PAID_PLAN_NOTE = 'Branching is available on paid plans. Upgrade your organization to enable it.'
export const UPGRADE_LABEL = 'Upgrade to Pro'
export const POSTGRES_VERSION_NOTE = (version: string) =>
  `Branching needs Postgres ${MIN_BRANCHING_POSTGRES_MAJOR} or higher; this project runs ${version}. Upgrade the database first.`
export const NO_CONNECTION_NOTE = 'Connect a git repository to enable branching.'
export const NO_PERMISSION_NOTE = 'You need additional permissions to enable branching'
export const billingUpgradePath = (slug: string) =>
  `/org/${slug}/billing?panel=subscriptionPlan&source=enableBranchingButton`

export const PRODUCTION_BRANCH_SUMMARY = (repository: string, branch: string) =>
  `Production branch ${branch} of ${repository}`
export const CREATE_BRANCH_TITLE = 'Create a preview branch'
export const CREATE_BRANCH_NAME_LABEL = 'Branch name'
export const CREATE_BRANCH_GIT_LABEL = 'Git branch'
export const CREATE_BRANCH_SUBMIT = 'Create branch'
export const NO_BRANCHES = 'No preview branches yet.'
export const BRANCHES_LOAD_FAILED = 'Failed to retrieve branches'
export const BRANCH_RESET_LABEL = 'Reset'
export const BRANCH_PULL_LABEL = 'Pull'
export const BRANCH_DELETE_LABEL = 'Delete'
export const BRANCH_RESET_CONFIRM = (name: string) =>
  `Reset ${name}? Its database is replaced by an empty one, then every migration and the seed run again.`
export const BRANCH_DELETE_CONFIRM = (name: string) => `Delete ${name}? Its project and all of its data are deleted.`
export const BRANCH_ACTION_STARTED = {
  reset: 'Branch reset started',
  pull: 'Pulling new migrations',
  delete: 'Branch deleted',
}
export const BRANCH_ACTION_FAILED = (message: string) => `Failed to update branch: ${message}`
export const BRANCH_STATUS_LABELS = {
  CREATING_PROJECT: 'Creating project',
  RUNNING_MIGRATIONS: 'Running migrations',
  MIGRATIONS_PASSED: 'Migrations passed',
  MIGRATIONS_FAILED: 'Migrations failed',
} as const

export const WITH_DATA_LABEL = "Copy the parent's data"
export const WITH_DATA_DESCRIPTION =
  "The branch starts with the parent's rows as they are now (the parent must be running), then runs the git branch's new migrations. Without it, the branch starts empty."
export const DATA_COPY_LABELS = { reflink: 'data (copy-on-write)', copy: 'data (full copy)' } as const

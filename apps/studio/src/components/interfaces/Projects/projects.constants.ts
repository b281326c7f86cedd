import type { ProjectStatus } from '@pgfleet/contracts'
import type { BadgeTone } from '../../ui/Badge'

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  ACTIVE_HEALTHY: 'Healthy',
  COMING_UP: 'Coming up',
  UNKNOWN: 'Unknown',
  INACTIVE: 'Paused',
  GOING_DOWN: 'Going down',
  PAUSING: 'Pausing',
  PAUSE_FAILED: 'Pause failed',
  RESTARTING: 'Restarting',
  RESIZING: 'Resizing',
  UPGRADING: 'Upgrading',
  RESTORING: 'Restoring',
  RESTORE_FAILED: 'Restore failed',
}

export const PROJECT_STATUS_TONES: Record<ProjectStatus, BadgeTone> = {
  ACTIVE_HEALTHY: 'success',
  COMING_UP: 'info',
  UNKNOWN: 'neutral',
  INACTIVE: 'neutral',
  GOING_DOWN: 'warning',
  PAUSING: 'warning',
  PAUSE_FAILED: 'danger',
  RESTARTING: 'warning',
  RESIZING: 'warning',
  UPGRADING: 'warning',
  RESTORING: 'info',
  RESTORE_FAILED: 'danger',
}

/** Statuses that change by themselves; the list refreshes while a project is in one. */
export const TRANSITIONAL_PROJECT_STATUSES: ReadonlySet<ProjectStatus> = new Set([
  'COMING_UP',
  'UNKNOWN',
  'GOING_DOWN',
  'PAUSING',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'RESTORING',
])

export const PROJECTS_LIST_POLL_INTERVAL_MS = 5000

export const PROJECTS_PAGE_TITLE = 'Projects'
export const NEW_PROJECT_BUTTON_LABEL = 'New project'
export const NO_PROJECTS_TITLE = 'No projects yet'
export const NO_PROJECTS_DESCRIPTION = 'Create a project to get a Postgres database with its own API.'
export const NO_ORGANIZATION_PROJECTS = 'No projects in this organization yet.'
export const NO_ORGANIZATIONS_TITLE = 'You are not a member of any organization'
export const NO_ORGANIZATIONS_DESCRIPTION = 'Projects belong to an organization. Create one to start.'

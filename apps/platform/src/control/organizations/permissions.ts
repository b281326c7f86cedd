import {
  PermissionAction as A,
  type Permission,
  PermissionResource as R,
  ROLE_NAMES,
  type RoleName,
} from '@pgfleet/contracts'

type Grant = readonly [action: string, resource: string]

const EVERYONE: Grant[] = [
  [A.READ, R.ORGANIZATIONS],
  [A.READ, R.MEMBERS],
  [A.READ, R.PROJECTS],
  [A.READ, R.USER_CONTENT],
  [A.SQL_READ, R.DATABASE],
  [A.CREATE, R.SUPPORT_REQUESTS],
  [A.READ, R.STORAGE],
  [A.FUNCTIONS_READ, R.EDGE_FUNCTIONS],
]

const DEVELOPER: Grant[] = [
  ...EVERYONE,
  [A.READ, R.SERVICE_API_KEYS],
  [A.CREATE, R.USER_CONTENT],
  [A.UPDATE, R.USER_CONTENT],
  [A.DELETE, R.USER_CONTENT],
  [A.SQL_WRITE, R.DATABASE],
  [A.READ, R.BACKUPS],
  [A.UPDATE, R.STORAGE],
  [A.READ, R.STORAGE_ARCHIVE],
  [A.FUNCTIONS_WRITE, R.EDGE_FUNCTIONS],
  [A.UPDATE, R.AUTH],
]

const ADMINISTRATOR: Grant[] = [
  ...DEVELOPER,
  [A.UPDATE, R.ORGANIZATIONS],
  [A.CREATE, R.MEMBERS],
  [A.UPDATE, R.MEMBERS],
  [A.DELETE, R.MEMBERS],
  [A.BILLING_READ, R.SUBSCRIPTIONS],
  [A.CREATE, R.PROJECTS],
  [A.UPDATE, R.PROJECTS],
  [A.DELETE, R.PROJECTS],
  [A.INFRA_EXECUTE, R.PROJECT_RESUME_JOB],
  [A.INFRA_EXECUTE, R.PROJECT_OPERATION_JOBS],
  // taking, scheduling and restoring backups in place
  [A.UPDATE, R.BACKUPS],
]

const OWNER: Grant[] = [
  ...ADMINISTRATOR,
  [A.DELETE, R.ORGANIZATIONS],
  [A.BILLING_WRITE, R.SUBSCRIPTIONS],
  [A.READ, R.SUPPORT_REQUESTS],
]

/**
 * The one permission table: what each role may do. Routes check it on the server; the dashboard
 * only reads it (GET /platform/profile/permissions) to hide or disable controls.
 */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Grant[]> = {
  Owner: OWNER,
  Administrator: ADMINISTRATOR,
  Developer: DEVELOPER,
  'Read-only': EVERYONE,
}

export function roleCan(role: RoleName, action: string, resource: string): boolean {
  return ROLE_PERMISSIONS[role].some(([a, r]) => a === action && r === resource)
}

export function permissionsOf(role: RoleName): Permission[] {
  return ROLE_PERMISSIONS[role].map(([action, resource]) => ({ action, resource }))
}

export const isRoleName = (value: string): value is RoleName => (ROLE_NAMES as readonly string[]).includes(value)

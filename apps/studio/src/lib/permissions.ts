import type { OrganizationPermissions, PermissionAction, PermissionResource } from '@pgfleet/contracts'

const WILDCARD = '*'

function matches(granted: string, wanted: string) {
  return granted === wanted || granted === WILDCARD
}

/** Whether the user's permissions in the organization include the action on the resource. */
export function hasPermission(
  permissions: readonly OrganizationPermissions[] | undefined,
  action: PermissionAction,
  resource: PermissionResource,
  orgSlug: string | undefined,
): boolean {
  if (!permissions || !orgSlug) return false
  const organization = permissions.find((entry) => entry.organization_slug === orgSlug)
  if (!organization) return false
  return organization.permissions.some(
    (permission) => matches(permission.action, action) && matches(permission.resource, resource),
  )
}

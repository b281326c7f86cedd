import type { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { usePermissionsQuery } from '../data/permissions/permissions-query'
import { hasPermission } from './permissions'

/**
 * The one permission check of the dashboard. `can` is false until the permissions have loaded;
 * use `isLoading` to avoid showing a "no permission" notice in the meantime.
 */
export function useCan(
  action: PermissionAction,
  resource: PermissionResource,
  { orgSlug }: { orgSlug: string | undefined },
) {
  const { data, isPending, isError } = usePermissionsQuery()
  return {
    can: hasPermission(data, action, resource, orgSlug),
    isLoading: isPending && !isError,
  }
}

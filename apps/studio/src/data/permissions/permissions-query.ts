import type { OrganizationPermissions } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { permissionKeys } from './keys'

const PERMISSIONS_STALE_TIME_MS = 5 * 60_000

export async function getPermissions(signal?: AbortSignal) {
  return api('GET /platform/profile/permissions', { signal })
}

export function usePermissionsQuery(options: QueryOptions<OrganizationPermissions[]> = {}) {
  return useQuery({
    staleTime: PERMISSIONS_STALE_TIME_MS,
    ...options,
    queryKey: permissionKeys.list(),
    queryFn: ({ signal }) => getPermissions(signal),
  })
}

import type { InstanceAdmin } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { instanceAdminKeys } from './keys'

/** The platform's instance administrators (403 for anyone who is not one). */
export async function getInstanceAdmins(signal?: AbortSignal) {
  return api('GET /platform/instance-admins', { signal })
}

export function useInstanceAdminsQuery(options: QueryOptions<InstanceAdmin[]> = {}) {
  return useQuery({
    ...options,
    queryKey: instanceAdminKeys.list(),
    queryFn: ({ signal }) => getInstanceAdmins(signal),
  })
}

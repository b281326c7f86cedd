import type { Organization } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { organizationKeys } from './keys'

export async function getOrganizations(signal?: AbortSignal) {
  return api('GET /platform/organizations', { signal })
}

export function useOrganizationsQuery(options: QueryOptions<Organization[]> = {}) {
  return useQuery({ ...options, queryKey: organizationKeys.list(), queryFn: ({ signal }) => getOrganizations(signal) })
}

/** One organization out of the cached list; undefined while loading or when the user is not a member. */
export function useOrganization(slug: string | undefined) {
  const query = useOrganizationsQuery()
  return { ...query, organization: query.data?.find((organization) => organization.slug === slug) }
}

import { type Branch, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { branchKeys } from './keys'

/** While a branch is being made or migrated, the list is read again this often. */
export const BRANCH_POLL_INTERVAL_MS = 2000

const isBusy = (branch: Branch) =>
  branch.status === 'CREATING_PROJECT' ||
  branch.status === 'RUNNING_MIGRATIONS' ||
  branch.project_status === 'GOING_DOWN' ||
  branch.project_status === 'COMING_UP'

export function useBranchesQuery({ ref }: { ref: string | undefined }, options: QueryOptions<Branch[]> = {}) {
  return useQuery({
    ...options,
    queryKey: branchKeys.list(ref),
    queryFn: ({ signal }) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      return api('GET /v1/projects/{ref}/branches', { params: { ref }, signal })
    },
    enabled: Boolean(ref) && (options.enabled ?? true),
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? BRANCH_POLL_INTERVAL_MS : false),
  })
}

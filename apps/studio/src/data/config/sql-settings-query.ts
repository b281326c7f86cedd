import { REQUIRED_VALUE_MESSAGES, type SqlSettings } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

/** The project's SQL settings: the statement timeout of queries run from the dashboard and the API. */
export async function getSqlSettings({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/settings/sql', { params: { ref }, signal })
}

export function useSqlSettingsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<SqlSettings> = {}) {
  return useQuery({
    ...options,
    queryKey: configKeys.sqlSettings(ref),
    queryFn: ({ signal }) => getSqlSettings({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

import { type ProjectSettingsResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { configKeys } from './keys'

/** The project's settings: app_config (project URL), connection details and the Postgres version. */
export async function getProjectSettings({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/settings', { params: { ref }, signal })
}

export function useProjectSettingsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<ProjectSettingsResponse> = {},
) {
  return useQuery({
    ...options,
    queryKey: configKeys.settings(ref),
    queryFn: ({ signal }) => getProjectSettings({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

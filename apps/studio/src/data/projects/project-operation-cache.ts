import type { Project } from '@pgfleet/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { backupKeys } from '../backups/keys'
import { organizationKeys } from '../organizations/keys'
import { projectKeys } from './keys'

/**
 * After pause, restart, resize or restore: the answer carries the project in its new (transitional) status,
 * so the status screen opens at once; everything derived from the status is fetched again.
 */
export function applyProjectOperationResult(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(projectKeys.detail(project.ref), project)
  void queryClient.invalidateQueries({ queryKey: projectKeys.list() })
  void queryClient.invalidateQueries({ queryKey: projectKeys.pauseStatus(project.ref) })
  void queryClient.invalidateQueries({ queryKey: backupKeys.downloadable(project.ref) })
  // paused and restored projects change who is at the free project limit
  void queryClient.invalidateQueries({ queryKey: organizationKeys.freeLimitMembers(project.organization_slug) })
}

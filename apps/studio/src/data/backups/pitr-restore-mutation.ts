import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { getProjectDetail } from '../projects/project-detail-query'
import { applyProjectOperationResult } from '../projects/project-operation-cache'
import type { MutationOptions } from '../types'

export type PitrRestoreVariables = { ref: string | undefined; recoveryTimeTargetUnix: number }

/**
 * Restores the project to that instant (whole seconds), then reads it as the dashboard's routes give it (numeric
 * `id`, not the management answer's ref), in status RESTORING.
 */
export async function restoreToPointInTime({ ref, recoveryTimeTargetUnix }: PitrRestoreVariables): Promise<Project> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  await api('POST /v1/projects/{ref}/database/backups/restore-pitr', {
    params: { ref },
    body: { recovery_time_target_unix: recoveryTimeTargetUnix },
  })
  return getProjectDetail({ ref })
}

export function usePitrRestoreMutation(options: MutationOptions<Project, PitrRestoreVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: restoreToPointInTime,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}

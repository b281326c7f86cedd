import { type ProjectDisk, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { resourceKeys } from './keys'

export type ProjectDiskUpdateVariables = { ref: string | undefined; sizeGb: number }

export async function updateProjectDisk({ ref, sizeGb }: ProjectDiskUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/projects/{ref}/disk', { params: { ref }, body: { size_gb: sizeGb } })
}

/** The platform samples the project again on a change, so the warnings are fetched afresh too. */
export function useProjectDiskUpdateMutation(options: MutationOptions<ProjectDisk, ProjectDiskUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateProjectDisk,
    onSuccess: async (disk, variables, ...rest) => {
      queryClient.setQueryData(resourceKeys.disk(variables.ref), disk)
      await queryClient.invalidateQueries({ queryKey: resourceKeys.warnings() })
      await queryClient.invalidateQueries({ queryKey: resourceKeys.usage(variables.ref) })
      return options.onSuccess?.(disk, variables, ...rest)
    },
  })
}

import { type Project, REQUIRED_VALUE_MESSAGES, type UpdatePitrBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { applyProjectOperationResult } from '../projects/project-operation-cache'
import type { MutationOptions } from '../types'
import { backupKeys } from './keys'

export type PitrUpdateVariables = { ref: string | undefined } & UpdatePitrBody

/** Turns the add-on on or off (the project restarts to apply it) or changes its retention. */
export async function updatePitr({ ref, ...body }: PitrUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PUT /platform/projects/{ref}/addons/pitr', { params: { ref }, body })
}

export function usePitrUpdateMutation(options: MutationOptions<Project, PitrUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updatePitr,
    onSuccess: (project, variables, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      void queryClient.invalidateQueries({ queryKey: backupKeys.pitr(variables.ref) })
      return options.onSuccess?.(project, variables, ...rest)
    },
  })
}

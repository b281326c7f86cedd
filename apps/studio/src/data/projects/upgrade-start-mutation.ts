import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { projectKeys } from './keys'

export type UpgradeStartVariables = { ref: string | undefined; targetVersion: string }

export async function startUpgrade({ ref, targetVersion }: UpgradeStartVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /v1/projects/{ref}/upgrade', { params: { ref }, body: { target_version: targetVersion } })
}

/** Starts the upgrade; the project detail then says UPGRADING and the upgrade screen takes over. */
export function useUpgradeStartMutation(options: MutationOptions<{ tracking_id: string }, UpgradeStartVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: startUpgrade,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: projectKeys.upgradeStatus(variables.ref) })
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

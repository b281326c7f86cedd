import { type FunctionsNetworkAccess, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { edgeFunctionKeys } from './keys'

export type FunctionsNetworkVariables = { ref: string | undefined; allow: string[] }

/** PUT /platform/projects/{ref}/edge-functions/network */
export async function setFunctionsNetwork({ ref, allow }: FunctionsNetworkVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PUT /platform/projects/{ref}/edge-functions/network', { params: { ref }, body: { allow } })
}

export function useFunctionsNetworkMutation(
  options: MutationOptions<FunctionsNetworkAccess, FunctionsNetworkVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: setFunctionsNetwork,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.setQueryData(edgeFunctionKeys.network(variables.ref), answer)
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

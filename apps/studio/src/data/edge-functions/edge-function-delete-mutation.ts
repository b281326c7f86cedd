import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { edgeFunctionKeys } from './keys'

export type EdgeFunctionDeleteVariables = { ref: string | undefined; slug: string }

/** DELETE /v1/projects/{ref}/functions/{function_slug} */
export async function deleteEdgeFunction({ ref, slug }: EdgeFunctionDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /v1/projects/{ref}/functions/{function_slug}', { params: { ref, function_slug: slug } })
}

export function useEdgeFunctionDeleteMutation(
  options: MutationOptions<{ message: string }, EdgeFunctionDeleteVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteEdgeFunction,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: edgeFunctionKeys.detail(variables.ref, variables.slug) })
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.list(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

import {
  DEFAULT_EDGE_FUNCTION_ENTRYPOINT,
  DEFAULT_EDGE_FUNCTION_VERIFY_JWT,
  type EdgeFunction,
  REQUIRED_VALUE_MESSAGES,
} from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { edgeFunctionKeys } from './keys'

export type EdgeFunctionDeployVariables = {
  ref: string | undefined
  slug: string
  /** the function's files by relative name; the entrypoint must be one of them */
  files: { name: string; content: string }[]
  entrypointPath?: string
  verifyJwt?: boolean
}

/** POST /v1/projects/{ref}/functions/deploy?slug=: a metadata part and one part per file. */
export async function deployEdgeFunction({
  ref,
  slug,
  files,
  entrypointPath = DEFAULT_EDGE_FUNCTION_ENTRYPOINT,
  verifyJwt = DEFAULT_EDGE_FUNCTION_VERIFY_JWT,
}: EdgeFunctionDeployVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  const form = new FormData()
  form.append('metadata', JSON.stringify({ entrypoint_path: entrypointPath, name: slug, verify_jwt: verifyJwt }))
  for (const file of files) form.append('file', new Blob([file.content], { type: 'application/typescript' }), file.name)
  return api('POST /v1/projects/{ref}/functions/deploy', { params: { ref }, query: { slug }, body: form })
}

export function useEdgeFunctionDeployMutation(
  options: MutationOptions<EdgeFunction, EdgeFunctionDeployVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deployEdgeFunction,
    onSuccess: async (deployed, variables, ...rest) => {
      queryClient.setQueryData(edgeFunctionKeys.detail(variables.ref, deployed.slug), deployed)
      await queryClient.invalidateQueries({ queryKey: edgeFunctionKeys.list(variables.ref) })
      return options.onSuccess?.(deployed, variables, ...rest)
    },
  })
}

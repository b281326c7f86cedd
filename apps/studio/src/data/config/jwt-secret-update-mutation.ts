import { REQUIRED_VALUE_MESSAGES, type UpdateJwtSecretBody, type UpdateJwtSecretResponse } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { configKeys } from './keys'

export type JwtSecretUpdateVariables = { ref: string | undefined } & UpdateJwtSecretBody

/** Starts a JWT secret update (a generated secret unless one is given). */
export async function updateJwtSecret({ ref, ...body }: JwtSecretUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/projects/{ref}/config/secrets', { params: { ref }, body })
}

export function useJwtSecretUpdateMutation(
  options: MutationOptions<UpdateJwtSecretResponse, JwtSecretUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateJwtSecret,
    onSuccess: async (data, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.jwtSecretUpdateStatus(variables.ref) })
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}

import { type CustomHostnameResponse, type EmptyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { customDomainKeys } from './keys'

type RefVariables = { ref: string | undefined }
export type CustomHostnameSetVariables = RefVariables & { hostname: string }

const paramsOf = (ref: string | undefined) => {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return { ref }
}

export const setCustomHostname = ({ ref, hostname }: CustomHostnameSetVariables) =>
  api('POST /v1/projects/{ref}/custom-hostname/initialize', {
    params: paramsOf(ref),
    body: { custom_hostname: hostname },
  })
export const reverifyCustomHostname = ({ ref }: RefVariables) =>
  api('POST /v1/projects/{ref}/custom-hostname/reverify', { params: paramsOf(ref) })
export const activateCustomHostname = ({ ref }: RefVariables) =>
  api('POST /v1/projects/{ref}/custom-hostname/activate', { params: paramsOf(ref) })
export const removeCustomHostname = ({ ref }: RefVariables) =>
  api('DELETE /v1/projects/{ref}/custom-hostname', { params: paramsOf(ref) })

/** Every custom-domain change answers (or implies) the new state: store it and refetch the project's URLs. */
function useCustomHostnameMutation<TData, TVariables extends RefVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (data, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: customDomainKeys.hostname(variables.ref) })
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}

export const useCustomHostnameSetMutation = (
  options: MutationOptions<CustomHostnameResponse, CustomHostnameSetVariables> = {},
) => useCustomHostnameMutation(setCustomHostname, options)
export const useCustomHostnameReverifyMutation = (
  options: MutationOptions<CustomHostnameResponse, RefVariables> = {},
) => useCustomHostnameMutation(reverifyCustomHostname, options)
export const useCustomHostnameActivateMutation = (
  options: MutationOptions<CustomHostnameResponse, RefVariables> = {},
) => useCustomHostnameMutation(activateCustomHostname, options)
export const useCustomHostnameRemoveMutation = (options: MutationOptions<EmptyResponse, RefVariables> = {}) =>
  useCustomHostnameMutation(removeCustomHostname, options)

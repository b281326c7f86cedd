import { type CustomHostnameResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { customDomainKeys } from './keys'

type RefVariables = { ref: string | undefined }
export type CustomHostnameSetVariables = RefVariables & { hostname: string }

const pathOf = (ref: string | undefined, action = '') => {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return `/v1/projects/${encodeURIComponent(ref)}/custom-hostname${action}`
}

export const setCustomHostname = ({ ref, hostname }: CustomHostnameSetVariables) =>
  fetcher<CustomHostnameResponse>(pathOf(ref, '/initialize'), { method: 'POST', body: { custom_hostname: hostname } })
export const reverifyCustomHostname = ({ ref }: RefVariables) =>
  fetcher<CustomHostnameResponse>(pathOf(ref, '/reverify'), { method: 'POST' })
export const activateCustomHostname = ({ ref }: RefVariables) =>
  fetcher<CustomHostnameResponse>(pathOf(ref, '/activate'), { method: 'POST' })
export const removeCustomHostname = ({ ref }: RefVariables) =>
  fetcher<Record<string, never>>(pathOf(ref), { method: 'DELETE' })

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
export const useCustomHostnameRemoveMutation = (options: MutationOptions<Record<string, never>, RefVariables> = {}) =>
  useCustomHostnameMutation(removeCustomHostname, options)

import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions, QueryOptions } from '../types'
import { assistantKeys } from './keys'

type SchemaSettings = { schemas: string[] }

/** The schemas whose metadata the assistant may send for the project (default public). */
export async function getAssistantSettings({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/ai/settings', { params: { ref }, signal })
}

export function useAssistantSettingsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<SchemaSettings> = {},
) {
  return useQuery({
    ...options,
    queryKey: assistantKeys.settings(ref),
    queryFn: ({ signal }) => getAssistantSettings({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

export type AssistantSettingsUpdateVariables = { ref: string | undefined; schemas: string[] }

export async function updateAssistantSettings({ ref, schemas }: AssistantSettingsUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PUT /platform/projects/{ref}/ai/settings', { params: { ref }, body: { schemas } })
}

export function useAssistantSettingsUpdateMutation(
  options: MutationOptions<SchemaSettings, AssistantSettingsUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateAssistantSettings,
    onSuccess: (saved, variables, ...rest) => {
      queryClient.setQueryData(assistantKeys.settings(variables.ref), saved)
      return options.onSuccess?.(saved, variables, ...rest)
    },
  })
}

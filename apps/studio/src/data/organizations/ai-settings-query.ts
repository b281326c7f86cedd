import {
  type OrganizationAiSettings,
  REQUIRED_VALUE_MESSAGES,
  type UpdateOrganizationAiSettingsBody,
} from '@pgfleet/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { assistantKeys } from '../assistant/keys'
import type { MutationOptions, QueryOptions } from '../types'
import { organizationKeys } from './keys'

/** The organization's own model settings; whether a key is stored, never the key. */
export async function getOrganizationAiSettings({ slug }: { slug: string | undefined }, signal?: AbortSignal) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.slug)
  return api('GET /platform/organizations/{slug}/ai-settings', { params: { slug }, signal })
}

export function useOrganizationAiSettingsQuery(
  { slug }: { slug: string | undefined },
  options: QueryOptions<OrganizationAiSettings> = {},
) {
  return useQuery({
    ...options,
    queryKey: organizationKeys.aiSettings(slug),
    queryFn: ({ signal }) => getOrganizationAiSettings({ slug }, signal),
    enabled: Boolean(slug) && (options.enabled ?? true),
  })
}

export type OrganizationAiSettingsUpdateVariables = { slug: string; body: UpdateOrganizationAiSettingsBody }

export async function updateOrganizationAiSettings({ slug, body }: OrganizationAiSettingsUpdateVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.slug)
  return api('PUT /platform/organizations/{slug}/ai-settings', { params: { slug }, body })
}

export function useOrganizationAiSettingsUpdateMutation(
  options: MutationOptions<OrganizationAiSettings, OrganizationAiSettingsUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateOrganizationAiSettings,
    onSuccess: async (saved, variables, ...rest) => {
      queryClient.setQueryData(organizationKeys.aiSettings(variables.slug), saved)
      // every project of the organization may now answer differently
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all })
      return options.onSuccess?.(saved, variables, ...rest)
    },
  })
}

export type HipaaAddonUpdateVariables = { slug: string; enabled: boolean }

export async function updateHipaaAddon({ slug, enabled }: HipaaAddonUpdateVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.slug)
  return api('PUT /platform/organizations/{slug}/addons/hipaa', { params: { slug }, body: { enabled } })
}

export function useHipaaAddonUpdateMutation(options: MutationOptions<unknown, HipaaAddonUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateHipaaAddon,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.aiSettings(variables.slug) })
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

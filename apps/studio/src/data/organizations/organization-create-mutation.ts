import type { Organization } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { permissionKeys } from '../permissions/keys'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

export type OrganizationCreateVariables = { name: string }

export async function createOrganization(variables: OrganizationCreateVariables) {
  return api('POST /platform/organizations', { body: variables })
}

export function useOrganizationCreateMutation(
  options: MutationOptions<Organization, OrganizationCreateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createOrganization,
    onSuccess: async (organization, ...rest) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: permissionKeys.list() }),
      ])
      return options.onSuccess?.(organization, ...rest)
    },
  })
}

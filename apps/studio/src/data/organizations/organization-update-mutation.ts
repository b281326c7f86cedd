import { type Organization, REQUIRED_VALUE_MESSAGES, type UpdateOrganizationBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { assistantKeys } from '../assistant/keys'
import { permissionKeys } from '../permissions/keys'
import { projectKeys } from '../projects/keys'
import type { MutationOptions } from '../types'
import { organizationKeys } from './keys'

/** `slug` is the organization's current slug; `body.slug` is the new one (it may be the same). */
export type OrganizationUpdateVariables = { slug: string; body: UpdateOrganizationBody }

export async function updateOrganization({ slug, body }: OrganizationUpdateVariables) {
  if (!slug) throw new Error(REQUIRED_VALUE_MESSAGES.slug)
  return api('PATCH /platform/organizations/{slug}', { params: { slug }, body })
}

export function useOrganizationUpdateMutation(
  options: MutationOptions<Organization, OrganizationUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateOrganization,
    onSuccess: (organization, variables, ...rest) => {
      if (organization.slug === variables.slug) {
        queryClient.setQueryData<Organization[]>(organizationKeys.list(), (organizations) =>
          organizations?.map((item) => (item.id === organization.id ? organization : item)),
        )
      } else {
        // Permissions and projects name the organization by slug. The list is refetched rather than
        // patched so the old address does not resolve to "not found" before the caller navigates.
        void queryClient.invalidateQueries({ queryKey: permissionKeys.list() })
        void queryClient.invalidateQueries({ queryKey: projectKeys.all })
      }
      void queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      // the opt-in decides whether the assistant may send schema metadata
      void queryClient.invalidateQueries({ queryKey: assistantKeys.all })
      return options.onSuccess?.(organization, variables, ...rest)
    },
  })
}

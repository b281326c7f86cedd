import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { isOptedIn } from '../Organization/organization.utils'

/** The project's organization, whether it opted in to sending schema metadata, and whether the user may change that. */
export function useProjectOrganization(projectRef: string) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const slug = project.data?.organization_slug
  const { organization } = useOrganization(slug)
  const { can: canUpdate, isLoading: permissionsLoading } = useCan(
    PermissionAction.UPDATE,
    PermissionResource.ORGANIZATIONS,
    { orgSlug: slug },
  )
  return {
    organization,
    optedIn: organization ? isOptedIn(organization.opt_in_tags) : false,
    canUpdate,
    permissionsLoading,
  }
}

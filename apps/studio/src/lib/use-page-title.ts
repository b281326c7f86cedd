import { useEffect } from 'react'
import { useMatches, useParams } from 'react-router'
import { useOrganizationsQuery } from '../data/organizations/organizations-query'
import { useProjectDetailQuery } from '../data/projects/project-detail-query'
import { buildPageTitle } from './page-title'
import { getRouteHandle } from './route-handle'

/**
 * Sets the browser title from the current route's `handle.title`, the project (route param `ref`)
 * and the organization (the project's, or route param `slug`). Mounted once, in the root layout.
 */
export function usePageTitle() {
  const matches = useMatches()
  const { ref, slug } = useParams()
  const { data: project } = useProjectDetailQuery({ ref })
  const { data: organizations } = useOrganizationsQuery({ enabled: Boolean(ref || slug) })
  const organizationSlug = project?.organization_slug ?? slug
  const organization = organizations?.find((item) => item.slug === organizationSlug)
  const page = getRouteHandle(matches).title

  const title = buildPageTitle({ page, project: project?.name, organization: organization?.name })
  useEffect(() => {
    document.title = title
  }, [title])
}

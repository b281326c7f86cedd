import { NavLink, Outlet, useParams } from 'react-router'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { cn } from '../../../lib/cn'
import { Badge } from '../../ui/Badge'
import { ErrorState } from '../../ui/ErrorState'
import { PageSkeleton } from '../../ui/Skeleton'
import { NotFoundPage } from '../NotFound/NotFoundPage'
import {
  ORGANIZATION_LOAD_FAILED_TITLE,
  ORGANIZATION_NOT_FOUND_DESCRIPTION,
  ORGANIZATION_TABS,
} from './organization.constants'

/** /org/{slug}/*: the organization's name and its tabs. */
export function OrganizationLayout() {
  const { slug = '' } = useParams()
  const { organization, isPending, isError, error, refetch, isFetching } = useOrganization(slug)

  // A renamed slug is missing from the list until its refetch lands.
  if (isPending || (!organization && isFetching)) return <PageSkeleton />
  if (isError) {
    return (
      <ErrorState
        title={ORGANIZATION_LOAD_FAILED_TITLE}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  if (!organization) {
    return (
      <div>
        <NotFoundPage />
        <p className="text-center text-sm text-neutral-500">{ORGANIZATION_NOT_FOUND_DESCRIPTION(slug)}</p>
      </div>
    )
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-neutral-900" data-testid="organization-name">
          {organization.name}
        </h1>
        <Badge>{organization.plan.name}</Badge>
      </div>
      <nav aria-label="Organization" className="flex gap-1 border-b border-neutral-200">
        {ORGANIZATION_TABS.map((tab) => (
          <NavLink
            key={tab.path}
            to={`/org/${organization.slug}/${tab.path}`}
            className={({ isActive }) =>
              cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                isActive
                  ? 'border-emerald-600 text-neutral-900'
                  : 'border-transparent text-neutral-600 hover:text-neutral-900',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  )
}

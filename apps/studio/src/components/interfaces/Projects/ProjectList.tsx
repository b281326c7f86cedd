import { Link, useNavigate } from 'react-router'
import { useOrganizationsQuery } from '../../../data/organizations/organizations-query'
import { useProjectsQuery } from '../../../data/projects/projects-query'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { CreateOrganizationForm } from './CreateOrganizationForm'
import { ProjectCard } from './ProjectCard'
import {
  NEW_PROJECT_BUTTON_LABEL,
  NO_ORGANIZATION_PROJECTS,
  NO_ORGANIZATIONS_DESCRIPTION,
  NO_ORGANIZATIONS_TITLE,
  NO_PROJECTS_DESCRIPTION,
  NO_PROJECTS_TITLE,
  PROJECTS_LIST_POLL_INTERVAL_MS,
  PROJECTS_PAGE_TITLE,
} from './projects.constants'
import { groupProjectsByOrganization, hasTransitionalProject } from './projects.utils'

export function ProjectList() {
  const navigate = useNavigate()
  const organizationsQuery = useOrganizationsQuery()
  const projectsQuery = useProjectsQuery({
    refetchInterval: (query) => (hasTransitionalProject(query.state.data) ? PROJECTS_LIST_POLL_INTERVAL_MS : false),
  })
  const organizations = organizationsQuery.data
  const firstOrganization = organizations?.[0]

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-neutral-900">{PROJECTS_PAGE_TITLE}</h1>
      <Button
        variant="primary"
        disabled={!firstOrganization}
        onClick={() => firstOrganization && navigate(`/new/${firstOrganization.slug}`)}
        data-testid="new-project-button"
      >
        {NEW_PROJECT_BUTTON_LABEL}
      </Button>
    </div>
  )

  if (organizationsQuery.isPending || projectsQuery.isPending) {
    return (
      <div className="space-y-6">
        {header}
        <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading projects</span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      </div>
    )
  }

  const failed = organizationsQuery.isError ? organizationsQuery : projectsQuery.isError ? projectsQuery : undefined
  if (failed) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorState
          title="Failed to load projects"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      </div>
    )
  }

  if (!organizations?.length) {
    return (
      <div className="space-y-6">
        {header}
        <section className="rounded-lg border border-dashed border-neutral-300 bg-white p-8">
          <h2 className="font-semibold text-neutral-900">{NO_ORGANIZATIONS_TITLE}</h2>
          <p className="mt-1 text-sm text-neutral-600">{NO_ORGANIZATIONS_DESCRIPTION}</p>
          <CreateOrganizationForm />
        </section>
      </div>
    )
  }

  const projects = projectsQuery.data ?? []
  const groups = groupProjectsByOrganization(organizations, projects)

  return (
    <div className="space-y-8">
      {header}
      {projects.length === 0 && (
        <section
          data-testid="projects-empty-state"
          className="rounded-lg border border-dashed border-neutral-300 bg-white p-8 text-center"
        >
          <h2 className="font-semibold text-neutral-900">{NO_PROJECTS_TITLE}</h2>
          <p className="mt-1 text-sm text-neutral-600">{NO_PROJECTS_DESCRIPTION}</p>
        </section>
      )}
      {groups.map(({ organization, projects: organizationProjects }) => (
        <section
          key={organization.id}
          aria-labelledby={`organization-${organization.id}`}
          data-testid="organization-projects"
          data-slug={organization.slug}
          className="space-y-3"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={`organization-${organization.id}`} className="font-semibold text-neutral-900">
              {organization.name}
            </h2>
            <Badge>{organization.plan.name}</Badge>
            <span className="flex gap-3 text-sm">
              <Link
                to={`/org/${organization.slug}/general`}
                aria-label={`${organization.name} settings`}
                className="text-neutral-600 hover:text-neutral-900 hover:underline"
              >
                Settings
              </Link>
              <Link
                to={`/org/${organization.slug}/billing`}
                aria-label={`${organization.name} billing`}
                className="text-neutral-600 hover:text-neutral-900 hover:underline"
              >
                Billing
              </Link>
            </span>
          </div>
          {organizationProjects.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {organizationProjects.map((project) => (
                <ProjectCard key={project.ref} project={project} />
              ))}
            </ul>
          ) : (
            projects.length > 0 && <p className="text-sm text-neutral-500">{NO_ORGANIZATION_PROJECTS}</p>
          )}
        </section>
      ))}
    </div>
  )
}

import { DB_VERSION_PREFIX, type Organization, type Project } from '@pgfleet/contracts'
import { TRANSITIONAL_PROJECT_STATUSES } from './projects.constants'

export type OrganizationProjects = { organization: Organization; projects: Project[] }

/**
 * Projects grouped under their organization, in the organizations' order, each group sorted by name.
 * Organizations without projects are kept so they can still be chosen for a new project.
 */
export function groupProjectsByOrganization(
  organizations: readonly Organization[],
  projects: readonly Project[],
): OrganizationProjects[] {
  return organizations.map((organization) => ({
    organization,
    projects: projects
      .filter((project) => project.organization_slug === organization.slug)
      .sort((a, b) => a.name.localeCompare(b.name)),
  }))
}

export function hasTransitionalProject(projects: readonly Project[] | undefined): boolean {
  return Boolean(projects?.some((project) => TRANSITIONAL_PROJECT_STATUSES.has(project.status)))
}

/** "pgfleet-postgres-17.10" → "17.10"; other shapes are shown as they come. */
export function formatPostgresVersion(dbVersion: string, prefix: string = DB_VERSION_PREFIX): string {
  return dbVersion.startsWith(prefix) ? dbVersion.slice(prefix.length) : dbVersion
}

import type { ManagementProject, Organization, Project, ProjectStatusResponse, RoleName } from '@pgfleet/contracts'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../../testing/harness'

export interface SqlTestSetup {
  t: TestPlatform
  /** the organization's Owner, who created the project */
  owner: ApiClient
  /** one client per extra member, by role */
  members: Record<string, ApiClient>
  project: Project
  base: string
}

/** A platform, an owner with one project, and extra members with the given roles. */
export async function startSqlTestSetup(
  roles: Record<string, RoleName>,
  options: { waitHealthy: boolean },
): Promise<SqlTestSetup> {
  const t = await startTestPlatform()
  const owner = new ApiClient(() => t.baseUrl)
  await owner.post('/platform/auth/signup', { email: 'owner@example.com', password: 'owner-password' })
  const slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const created = await owner.post<ManagementProject>('/v1/projects', {
    name: 'Editor',
    organization_slug: slug,
    db_pass: 'editor-db-password',
  })
  if (created.status !== 201) throw new Error(`project: ${JSON.stringify(created.body)}`)
  const members: Record<string, ApiClient> = {}
  for (const [name, role] of Object.entries(roles)) {
    const client = new ApiClient(() => t.baseUrl)
    const email = `${name}@example.com`
    await client.post('/platform/auth/signup', { email, password: `${name}-password` })
    const added = await owner.post(`/platform/organizations/${slug}/members`, { email, role_name: role })
    if (added.status >= 300) throw new Error(`member ${name}: ${JSON.stringify(added.body)}`)
    members[name] = client
  }
  // the dashboard's view of it (the management API's answer names the project by its ref in `id`)
  const project = (await owner.get<Project>(`/platform/projects/${created.body.ref}`)).body
  if (options.waitHealthy) {
    await waitFor(
      async () => (await owner.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
      (s) => s.status === 'ACTIVE_HEALTHY',
      60_000,
    )
  }
  return { t, owner, members, project, base: `/platform/pg-meta/${project.ref}` }
}

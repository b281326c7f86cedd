import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser, listProjects } from '../control/projects/service'
import { queryPerformance } from '../control/reports/query-performance'
import { projectOverview } from '../control/usage/overview'
import { projectDisk, projectUsage, resourceWarnings, updateDiskSize } from '../control/usage/service'
import { conflict } from '../errors'
import { serve } from '../http/typed-routes'

const READ_DENIED = 'You need additional permissions to read this project'
const QUERY_PERFORMANCE_DENIED = 'You need additional permissions to read query performance'
const DISK_DENIED = 'You need additional permissions to change the disk size'
const DISK_NOT_RUNNING = (status: string) =>
  `The disk size can be changed only while the project is running (status ${status})`

/** Resource warnings of every visible project, a project's disk size, its usage samples and query performance. */
export function projectResourceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/reports/query-performance', async ({ request, params }) => {
      const { ref } = params
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.SQL_READ, PermissionResource.DATABASE, QUERY_PERFORMANCE_DENIED)
      return queryPerformance(ctx, row)
    })

    serve(app, 'GET /platform/projects/{ref}/overview', async ({ request, params }) => {
      const { ref } = params
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, READ_DENIED)
      return projectOverview(ctx, row)
    })

    serve(app, 'GET /platform/projects-resource-warnings', async ({ request }) => {
      const projects = await listProjects(ctx, requireAuth(request).userId)
      return resourceWarnings(
        ctx,
        projects.map((view) => view.row),
      )
    })

    serve(app, 'GET /platform/projects/{ref}/disk', async ({ request, params }) => {
      const { ref } = params
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, READ_DENIED)
      return projectDisk(ctx, row)
    })

    serve(app, 'PATCH /platform/projects/{ref}/disk', async (call) => {
      const { ref } = call.params
      const { size_gb } = call.body
      const { row, membership } = await getProjectForUser(ctx, requireAuth(call.request).userId, ref)
      assertCan(membership, PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, DISK_DENIED)
      if (row.status !== 'ACTIVE_HEALTHY') throw conflict(DISK_NOT_RUNNING(row.status))
      return updateDiskSize(ctx, row, size_gb)
    })

    serve(app, 'GET /platform/projects/{ref}/usage', async ({ request, params }) => {
      const { ref } = params
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, READ_DENIED)
      return projectUsage(ctx, row)
    })
  }
}

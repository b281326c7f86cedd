import { PermissionAction, PermissionResource, UpdateDiskBody } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { conflict, parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser, listProjects } from '../projects/service'
import { queryPerformance } from '../reports/query-performance'
import { projectOverview } from '../resources/overview'
import { projectDisk, projectUsage, resourceWarnings, updateDiskSize } from '../resources/service'
import { RefParams } from './projects'

const READ_DENIED = 'You need additional permissions to read this project'
const QUERY_PERFORMANCE_DENIED = 'You need additional permissions to read query performance'
const DISK_DENIED = 'You need additional permissions to change the disk size'
const DISK_NOT_RUNNING = (status: string) =>
  `The disk size can be changed only while the project is running (status ${status})`

/** Resource warnings of every visible project, a project's disk size, its usage samples and query performance. */
export function projectResourceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/reports/query-performance', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.SQL_READ, PermissionResource.DATABASE, QUERY_PERFORMANCE_DENIED)
      return queryPerformance(ctx, row)
    })

    serve(app, 'GET /platform/projects/{ref}/overview', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
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

    serve(app, 'GET /platform/projects/{ref}/disk', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, READ_DENIED)
      return projectDisk(ctx, row)
    })

    serve(app, 'PATCH /platform/projects/{ref}/disk', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
      const body = parseInput(UpdateDiskBody, request.body)
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_OPERATION_JOBS, DISK_DENIED)
      if (row.status !== 'ACTIVE_HEALTHY') throw conflict(DISK_NOT_RUNNING(row.status))
      return updateDiskSize(ctx, row, body.size_gb)
    })

    serve(app, 'GET /platform/projects/{ref}/usage', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
      const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, READ_DENIED)
      return projectUsage(ctx, row)
    })
  }
}

import {
  BACKUPS_WRITE_DENIED,
  PermissionAction,
  PermissionResource,
  PITR_PERMISSION_DENIED,
  RestoreBackupBody,
  RestorePitrBody,
  toManagementProject,
  UpdateBackupScheduleBody,
  UpdatePitrBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import { pitrStatus, restoreToPointInTime, updatePitr } from '../backups/pitr'
import {
  backupSchedule,
  managementBackups,
  requestBackup,
  requestRestoreCheck,
  restoreBackupInPlace,
  updateBackupSchedule,
} from '../backups/service'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser, toProject } from '../projects/service'
import { originOf, RefParams } from './projects'

const BACKUPS_READ_DENIED = 'You need additional permissions to download backups'

/** Scheduled backups: the management API's list, the schedule, a backup now, and an in-place restore. */
export function backupRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest, action: 'read' | 'write') {
    const { ref } = parseInput(RefParams, request.params)
    const userId = requireAuth(request).userId
    const view = await getProjectForUser(ctx, userId, ref)
    if (action === 'read') {
      assertCan(view.membership, PermissionAction.READ, PermissionResource.BACKUPS, BACKUPS_READ_DENIED)
    } else {
      assertCan(view.membership, PermissionAction.UPDATE, PermissionResource.BACKUPS, BACKUPS_WRITE_DENIED)
    }
    return { ...view, userId }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /v1/projects/{ref}/database/backups', async ({ request }) => {
      const { row } = await projectOf(request, 'read')
      return managementBackups(ctx, row)
    })

    serve(app, 'GET /platform/database/{ref}/backups/schedule', async ({ request }) => {
      const { row } = await projectOf(request, 'read')
      return backupSchedule(ctx, row)
    })

    serve(app, 'PUT /platform/database/{ref}/backups/schedule', async ({ request }) => {
      const { row } = await projectOf(request, 'write')
      return updateBackupSchedule(ctx, row, parseInput(UpdateBackupScheduleBody, request.body))
    })

    serve(app, 'POST /platform/database/{ref}/backups', async ({ request, reply }) => {
      const { row } = await projectOf(request, 'write')
      await requestBackup(ctx, row)
      reply.status(202)
      return {}
    })

    serve(app, 'POST /platform/database/{ref}/backups/restore-check', async ({ request, reply }) => {
      const { row } = await projectOf(request, 'write')
      await requestRestoreCheck(ctx, row)
      reply.status(202)
      return {}
    })

    serve(app, 'GET /platform/database/{ref}/backups/pitr', async ({ request }) => {
      const { row } = await projectOf(request, 'read')
      return pitrStatus(ctx, row)
    })

    serve(app, 'PUT /platform/projects/{ref}/addons/pitr', async ({ request }) => {
      const { ref } = parseInput(RefParams, request.params)
      const userId = requireAuth(request).userId
      const { row, membership, organizationSlug } = await getProjectForUser(ctx, userId, ref)
      assertCan(membership, PermissionAction.BILLING_WRITE, PermissionResource.SUBSCRIPTIONS, PITR_PERMISSION_DENIED)
      const body = parseInput(UpdatePitrBody, request.body)
      const updated = await updatePitr(ctx, row, membership.organization.plan_id, body, userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request))
    })

    serve(app, 'POST /v1/projects/{ref}/database/backups/restore-pitr', async ({ request }) => {
      const { row, userId, organizationSlug } = await projectOf(request, 'write')
      const updated = await restoreToPointInTime(ctx, row, parseInput(RestorePitrBody, request.body), userId)
      return toManagementProject(await toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request)))
    })

    serve(app, 'POST /platform/database/{ref}/backups/restore-physical', async ({ request }) => {
      const { row, userId, organizationSlug } = await projectOf(request, 'write')
      const { id } = parseInput(RestoreBackupBody, request.body)
      const updated = await restoreBackupInPlace(ctx, row, id, userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request))
    })
  }
}

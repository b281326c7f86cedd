import {
  BACKUPS_WRITE_DENIED,
  PermissionAction,
  PermissionResource,
  PITR_PERMISSION_DENIED,
  toManagementProject,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { pitrStatus, restoreToPointInTime, updatePitr } from '../control/backups/pitr'
import {
  backupSchedule,
  managementBackups,
  requestBackup,
  requestRestoreCheck,
  restoreBackupInPlace,
  updateBackupSchedule,
} from '../control/backups/service'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser, toProject } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'
import { originOf } from './projects'

const BACKUPS_READ_DENIED = 'You need additional permissions to download backups'

/** Scheduled backups: the management API's list, the schedule, a backup now, and an in-place restore. */
export function backupRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>, action: 'read' | 'write') {
    const { ref } = params
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
    serve(app, 'GET /v1/projects/{ref}/database/backups', async (call) => {
      const { row } = await projectOf(call, 'read')
      return managementBackups(ctx, row)
    })

    serve(app, 'GET /platform/database/{ref}/backups/schedule', async (call) => {
      const { row } = await projectOf(call, 'read')
      return backupSchedule(ctx, row)
    })

    serve(app, 'PUT /platform/database/{ref}/backups/schedule', async (call) => {
      const { row } = await projectOf(call, 'write')
      return updateBackupSchedule(ctx, row, call.body)
    })

    serve(app, 'POST /platform/database/{ref}/backups', async (call) => {
      const { row } = await projectOf(call, 'write')
      await requestBackup(ctx, row)
      call.reply.status(202)
      return {}
    })

    serve(app, 'POST /platform/database/{ref}/backups/restore-check', async (call) => {
      const { row } = await projectOf(call, 'write')
      await requestRestoreCheck(ctx, row)
      call.reply.status(202)
      return {}
    })

    serve(app, 'GET /platform/database/{ref}/backups/pitr', async (call) => {
      const { row } = await projectOf(call, 'read')
      return pitrStatus(ctx, row)
    })

    serve(app, 'PUT /platform/projects/{ref}/addons/pitr', async (call) => {
      const { ref } = call.params
      const userId = requireAuth(call.request).userId
      const { row, membership, organizationSlug } = await getProjectForUser(ctx, userId, ref)
      assertCan(membership, PermissionAction.BILLING_WRITE, PermissionResource.SUBSCRIPTIONS, PITR_PERMISSION_DENIED)
      const body = call.body
      const updated = await updatePitr(ctx, row, membership.organization.plan_id, body, userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request))
    })

    serve(app, 'POST /v1/projects/{ref}/database/backups/restore-pitr', async (call) => {
      const { row, userId, organizationSlug } = await projectOf(call, 'write')
      const updated = await restoreToPointInTime(ctx, row, call.body, userId)
      return toManagementProject(await toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request)))
    })

    serve(app, 'POST /platform/database/{ref}/backups/restore-physical', async (call) => {
      const { row, userId, organizationSlug } = await projectOf(call, 'write')
      const { id } = call.body
      const updated = await restoreBackupInPlace(ctx, row, id, userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request))
    })
  }
}

import path from 'node:path'
import {
  type ComputeSize,
  PermissionAction,
  PermissionResource,
  type ProjectOperation,
  toManagementProject,
} from '@pgfleet/contracts'
import { COMPUTE_SIZES, computeSettings } from '@pgfleet/engine'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { deleteBranchesOf } from '../control/branching/service'
import { assertCan } from '../control/organizations/membership'
import { recordExitFeedback } from '../control/projects/exit-feedback'
import { checkRestore, listBackups, pauseStatus, restoreVersions } from '../control/projects/lifecycle-service'
import { startOperation } from '../control/projects/operations'
import { getProjectForUser, toProject } from '../control/projects/service'
import { upgradeAfterRestore } from '../control/upgrade/upgrade-service'
import { HttpError, notFound } from '../errors'
import { type CallWithParams, type RouteCall, serve, serveFile } from '../http/typed-routes'
import { originOf } from './projects'

type ProjectCall = CallWithParams<{ ref: string }>
const OPERATIONS_DENIED = 'You need additional permissions to change this project'
export const DELETE_DENIED = 'You do not have the required permissions to delete this project'

export function projectLifecycleRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: ProjectCall) {
    const { ref } = params
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, ref)), userId }
  }

  /** Listing and downloading backups: a backup holds all of the project's data. */
  async function backupReaderOf(call: ProjectCall) {
    const view = await projectOf(call)
    assertCan(
      view.membership,
      PermissionAction.READ,
      PermissionResource.BACKUPS,
      'You need additional permissions to download backups',
    )
    return view
  }

  return async (app: FastifyInstance) => {
    /** pause, restart and resize: same permission, same answer; resize also carries the target size (its body) */
    const operate = async (
      call: ProjectCall,
      operation: 'pause' | 'restart' | 'resize',
      changes: () => { pending_compute_size?: ComputeSize } = () => ({}),
    ) => {
      const { row, membership, userId, organizationSlug } = await projectOf(call)
      assertCan(
        membership,
        PermissionAction.INFRA_EXECUTE,
        PermissionResource.PROJECT_OPERATION_JOBS,
        OPERATIONS_DENIED,
      )
      const updated = await startOperation(ctx, row, operation, userId, changes())
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request))
    }
    for (const operation of ['pause', 'restart'] as const) {
      serve(app, `POST /v1/projects/{ref}/${operation}`, async (call) =>
        toManagementProject(await operate(call, operation)),
      )
      serve(app, `POST /platform/projects/{ref}/${operation}`, (call) => operate(call, operation))
    }
    const resize = (call: RouteCall<'POST /v1/projects/{ref}/resize' | 'POST /platform/projects/{ref}/resize'>) =>
      operate(call, 'resize', () => ({ pending_compute_size: call.body.compute_size }))
    serve(app, 'POST /v1/projects/{ref}/resize', async (call) => toManagementProject(await resize(call)))
    serve(app, 'POST /platform/projects/{ref}/resize', (call) => resize(call))

    serve(app, 'GET /platform/compute-sizes', async () =>
      COMPUTE_SIZES.map((id) => {
        const settings = computeSettings(id)
        return {
          id,
          shared_buffers: settings.shared_buffers,
          max_connections: settings.max_connections,
          work_mem: settings.work_mem,
        }
      }),
    )

    serve(app, 'POST /platform/projects/{ref}/restore', async (call) => {
      const { row, membership, userId, organizationSlug } = await projectOf(call)
      const body = call.body
      await checkRestore(ctx, row, membership, body)
      const major = body.postgres_engine === undefined ? row.postgres_major : Number(body.postgres_engine)
      // recorded before the restore starts, so its job always finds the upgrade to follow with
      const upgrade = major > row.postgres_major ? await upgradeAfterRestore(ctx, row, major, userId) : null
      const updated = await startOperation(ctx, row, 'restore', userId).catch(async (error: unknown) => {
        await upgrade?.cancel()
        throw error
      })
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request))
    })

    serve(app, 'GET /platform/projects/{ref}/pause/status', async (call) =>
      pauseStatus(ctx, (await projectOf(call)).row),
    )

    serve(app, 'GET /platform/projects/{ref}/restore/versions', async (call) => ({
      available_versions: restoreVersions(ctx, (await projectOf(call)).row),
    }))

    const remove = async (call: RouteCall<'DELETE /v1/projects/{ref}' | 'DELETE /platform/projects/{ref}'>) => {
      const { row, membership, userId, organizationSlug } = await projectOf(call)
      assertCan(membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, DELETE_DENIED)
      const { delete_branches } = call.query
      await deleteBranchesOf(ctx, row, userId, delete_branches === 'true')
      const updated = await startOperation(ctx, row, 'delete', userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, call.request))
    }
    serve(app, 'DELETE /v1/projects/{ref}', async (call) => toManagementProject(await remove(call)))
    serve(app, 'DELETE /platform/projects/{ref}', (call) => remove(call))

    serve(app, 'GET /platform/projects/{ref}/operations', async (call): Promise<ProjectOperation[]> => {
      const { row } = await projectOf(call)
      const rows = await ctx.db
        .selectFrom('project_operations')
        .selectAll()
        .where('project_ref', '=', row.ref)
        .orderBy('id', 'desc')
        .limit(20)
        .execute()
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        status: r.status,
        step: r.step,
        progress: r.progress,
        error: r.error,
        created_at: r.created_at.toISOString(),
        finished_at: r.finished_at?.toISOString() ?? null,
      }))
    })

    serve(app, 'POST /platform/feedback/exit', async (call) => {
      const userId = requireAuth(call.request).userId
      await recordExitFeedback(ctx, userId, call.body)
      call.reply.status(201)
      return {}
    })

    serve(app, 'GET /platform/database/{ref}/backups/downloadable-backups', async (call) => {
      const { row } = await backupReaderOf(call)
      return { backups: await listBackups(ctx, row) }
    })

    serve(app, 'POST /platform/database/{ref}/backups/download', async (call) => {
      const { row } = await backupReaderOf(call)
      const { id } = call.body
      // the dashboard offers no download here; a request anyway gets the reason, not a link that must fail
      const unavailable = ctx.driver.unavailableOperations.backup_download
      if (unavailable) throw new HttpError(501, unavailable)
      const backup = await ctx.db
        .selectFrom('backups')
        .select('id')
        .where('id', '=', id)
        .where('project_id', '=', row.id)
        .executeTakeFirst()
      if (!backup) throw notFound('No available backups to download')
      return { fileUrl: `${originOf(ctx, call.request)}/platform/database/${row.ref}/backups/${backup.id}/file` }
    })

    serveFile(app, 'GET /platform/database/{ref}/backups/{id}/file', async (call) => {
      const { row } = await backupReaderOf(call)
      const { id } = call.params
      const backup = await ctx.db
        .selectFrom('backups')
        .selectAll()
        .where('id', '=', id)
        .where('project_id', '=', row.id)
        .executeTakeFirst()
      if (!backup) throw notFound('Backup not found')
      // the driver opens only this project's own archives: a stored path is a name to look up, not a file to open
      const archive = await ctx.driver.openBackup(row.ref, path.basename(backup.file))
      if (!archive) throw notFound('Backup not found')
      const extension = backup.file.endsWith('.tar.gz') ? 'tar.gz' : 'tar.zst'
      const stamp = backup.created_at.toISOString().replace(/[:.]/g, '-')
      return call.reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(archive.bytes))
        .header('content-disposition', `attachment; filename="${row.ref}-${backup.kind}-${stamp}.${extension}"`)
        .send(archive.stream)
    })
  }
}

import path from 'node:path'
import {
  DeleteProjectQuery,
  DownloadBackupBody,
  ExitFeedbackBody,
  PermissionAction,
  PermissionResource,
  type ProjectOperation,
  ResizeProjectBody,
  RestoreProjectBody,
  RowId,
  toManagementProject,
} from '@pgfleet/contracts'
import { COMPUTE_SIZES, computeSettings } from '@pgfleet/engine'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import { deleteBranchesOf } from '../branching/service'
import type { AppContext } from '../context'
import { HttpError, notFound, parseInput } from '../errors'
import { serve, serveFile } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { recordExitFeedback } from '../projects/exit-feedback'
import { checkRestore, listBackups, pauseStatus, restoreVersions } from '../projects/lifecycle-service'
import { startOperation } from '../projects/operations'
import { getProjectForUser, toProject } from '../projects/service'
import { upgradeAfterRestore } from '../projects/upgrade-service'
import { originOf, RefParams } from './projects'

const BackupParams = RefParams.extend({ id: RowId('Backup id is required') })
const OPERATIONS_DENIED = 'You need additional permissions to change this project'
export const DELETE_DENIED = 'You do not have the required permissions to delete this project'

export function projectLifecycleRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, ref)), userId }
  }

  /** Listing and downloading backups: a backup holds all of the project's data. */
  async function backupReaderOf(request: FastifyRequest) {
    const view = await projectOf(request)
    assertCan(
      view.membership,
      PermissionAction.READ,
      PermissionResource.BACKUPS,
      'You need additional permissions to download backups',
    )
    return view
  }

  return async (app: FastifyInstance) => {
    /** pause, restart and resize: same permission, same answer; resize also carries the target size */
    const operationRoute = (operation: 'pause' | 'restart' | 'resize') => async (request: FastifyRequest) => {
      const { row, membership, userId, organizationSlug } = await projectOf(request)
      assertCan(
        membership,
        PermissionAction.INFRA_EXECUTE,
        PermissionResource.PROJECT_OPERATION_JOBS,
        OPERATIONS_DENIED,
      )
      const changes =
        operation === 'resize' ? { pending_compute_size: parseInput(ResizeProjectBody, request.body).compute_size } : {}
      const updated = await startOperation(ctx, row, operation, userId, changes)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request))
    }
    for (const operation of ['pause', 'restart', 'resize'] as const) {
      const handler = operationRoute(operation)
      serve(app, `POST /v1/projects/{ref}/${operation}`, async ({ request }) =>
        toManagementProject(await handler(request)),
      )
      serve(app, `POST /platform/projects/{ref}/${operation}`, ({ request }) => handler(request))
    }

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

    serve(app, 'POST /platform/projects/{ref}/restore', async ({ request }) => {
      const { row, membership, userId, organizationSlug } = await projectOf(request)
      const body = parseInput(RestoreProjectBody, request.body)
      await checkRestore(ctx, row, membership, body)
      const major = body.postgres_engine === undefined ? row.postgres_major : Number(body.postgres_engine)
      // recorded before the restore starts, so its job always finds the upgrade to follow with
      const upgrade = major > row.postgres_major ? await upgradeAfterRestore(ctx, row, major, userId) : null
      const updated = await startOperation(ctx, row, 'restore', userId).catch(async (error: unknown) => {
        await upgrade?.cancel()
        throw error
      })
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request))
    })

    serve(app, 'GET /platform/projects/{ref}/pause/status', async ({ request }) =>
      pauseStatus(ctx, (await projectOf(request)).row),
    )

    serve(app, 'GET /platform/projects/{ref}/restore/versions', async ({ request }) => ({
      available_versions: restoreVersions(ctx, (await projectOf(request)).row),
    }))

    const remove = async (request: FastifyRequest) => {
      const { row, membership, userId, organizationSlug } = await projectOf(request)
      assertCan(membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, DELETE_DENIED)
      const { delete_branches } = parseInput(DeleteProjectQuery, request.query)
      await deleteBranchesOf(ctx, row, userId, delete_branches === 'true')
      const updated = await startOperation(ctx, row, 'delete', userId)
      return toProject(ctx, { row: updated, organizationSlug }, originOf(ctx, request))
    }
    serve(app, 'DELETE /v1/projects/{ref}', async ({ request }) => toManagementProject(await remove(request)))
    serve(app, 'DELETE /platform/projects/{ref}', ({ request }) => remove(request))

    serve(app, 'GET /platform/projects/{ref}/operations', async ({ request }): Promise<ProjectOperation[]> => {
      const { row } = await projectOf(request)
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

    serve(app, 'POST /platform/feedback/exit', async ({ request, reply }) => {
      const userId = requireAuth(request).userId
      await recordExitFeedback(ctx, userId, parseInput(ExitFeedbackBody, request.body))
      reply.status(201)
      return {}
    })

    serve(app, 'GET /platform/database/{ref}/backups/downloadable-backups', async ({ request }) => {
      const { row } = await backupReaderOf(request)
      return { backups: await listBackups(ctx, row) }
    })

    serve(app, 'POST /platform/database/{ref}/backups/download', async ({ request }) => {
      const { row } = await backupReaderOf(request)
      const { id } = parseInput(DownloadBackupBody, request.body)
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
      return { fileUrl: `${originOf(ctx, request)}/platform/database/${row.ref}/backups/${backup.id}/file` }
    })

    serveFile(app, 'GET /platform/database/{ref}/backups/{id}/file', async ({ request, reply }) => {
      const { row } = await backupReaderOf(request)
      const { id } = parseInput(BackupParams, request.params)
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
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(archive.bytes))
        .header('content-disposition', `attachment; filename="${row.ref}-${backup.kind}-${stamp}.${extension}"`)
        .send(archive.stream)
    })
  }
}

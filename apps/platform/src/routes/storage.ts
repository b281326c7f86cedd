import { createReadStream } from 'node:fs'
import {
  type Bucket,
  PermissionAction,
  PermissionResource,
  STORAGE_ARCHIVE_DENIED,
  STORAGE_ARCHIVE_NOT_FOUND,
  STORAGE_WRITE_DENIED,
  type StorageArchiveResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { notFound } from '../errors'
import { type CallWithParams, serve, serveFile } from '../http/typed-routes'
import { archiveState } from '../services/storage/archive'
import { startStorageArchive, storageArchive } from '../services/storage/archive-job'
import {
  createProjectBucket,
  deleteProjectBucket,
  emptyProjectBucket,
  listProjectBuckets,
  updateProjectBucket,
} from '../services/storage/service'
import { originOf } from './projects'

type ProjectCall = CallWithParams<{ ref: string }>

/** The dashboard's storage buckets: every member reads them; changing them needs update on storage. */
export function storageRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: ProjectCall, write: boolean) {
    const { ref } = params
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(
      membership,
      write ? PermissionAction.UPDATE : PermissionAction.READ,
      PermissionResource.STORAGE,
      write ? STORAGE_WRITE_DENIED : undefined,
    )
    return row
  }

  /** The archive holds every object's bytes: like a backup download, it needs its own permission. */
  async function archiveProjectOf({ request, params }: ProjectCall) {
    const { ref } = params
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, PermissionAction.READ, PermissionResource.STORAGE_ARCHIVE, STORAGE_ARCHIVE_DENIED)
    return row
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/storage/{ref}/buckets', async (call): Promise<Bucket[]> => {
      return listProjectBuckets(ctx, await projectOf(call, false))
    })

    serve(app, 'POST /platform/storage/{ref}/buckets', async (call) => {
      const project = await projectOf(call, true)
      const body = call.body
      call.reply.status(201)
      return await createProjectBucket(ctx, project, body)
    })

    serve(app, 'PATCH /platform/storage/{ref}/buckets/{id}', async (call): Promise<Bucket> => {
      const project = await projectOf(call, true)
      const { id } = call.params
      return updateProjectBucket(ctx, project, id, call.body)
    })

    serve(app, 'DELETE /platform/storage/{ref}/buckets/{id}', async (call) => {
      const project = await projectOf(call, true)
      const { id } = call.params
      await deleteProjectBucket(ctx, project, id)
      return { message: `Bucket ${id} deleted` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/empty', async (call) => {
      const project = await projectOf(call, true)
      const { id } = call.params
      await emptyProjectBucket(ctx, project, id)
      return { message: `Bucket ${id} emptied` }
    })

    // the paused-project page builds an archive, polls until it has a fileUrl, then downloads it
    serve(app, 'POST /platform/storage/{ref}/archive', async (call) => {
      const project = await archiveProjectOf(call)
      await startStorageArchive(ctx, project.ref)
      call.reply.status(202)
      return { message: 'Building the storage archive' }
    })

    serve(app, 'GET /platform/storage/{ref}/archive', async (call): Promise<StorageArchiveResponse> => {
      const project = await archiveProjectOf(call)
      const fileUrl = `${originOf(ctx, call.request)}/platform/storage/${project.ref}/archive/file`
      return storageArchive(ctx, project.ref, fileUrl)
    })

    serveFile(app, 'GET /platform/storage/{ref}/archive/file', async (call) => {
      const project = await archiveProjectOf(call)
      const state = await archiveState(ctx.config.dataDir, project.ref)
      if (state?.state !== 'ready') throw notFound(STORAGE_ARCHIVE_NOT_FOUND)
      return call.reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(state.bytes))
        .header('content-disposition', `attachment; filename="${project.ref}-storage.tar.gz"`)
        .send(createReadStream(state.file))
    })
  }
}

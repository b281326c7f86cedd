import { createReadStream } from 'node:fs'
import {
  type Bucket,
  BucketParams,
  CreateBucketBody,
  PermissionAction,
  PermissionResource,
  STORAGE_ARCHIVE_DENIED,
  STORAGE_ARCHIVE_NOT_FOUND,
  STORAGE_WRITE_DENIED,
  type StorageArchiveResponse,
  UpdateBucketBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { notFound, parseInput } from '../errors'
import { serve, serveFile } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import { archiveState } from '../storage/archive'
import { startStorageArchive, storageArchive } from '../storage/archive-job'
import {
  createProjectBucket,
  deleteProjectBucket,
  emptyProjectBucket,
  listProjectBuckets,
  updateProjectBucket,
} from '../storage/service'
import { originOf, RefParams } from './projects'

const BucketRouteParams = RefParams.extend(BucketParams.shape)

/** The dashboard's storage buckets: every member reads them; changing them needs update on storage. */
export function storageRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest, write: boolean) {
    const { ref } = parseInput(RefParams, request.params)
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
  async function archiveProjectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, PermissionAction.READ, PermissionResource.STORAGE_ARCHIVE, STORAGE_ARCHIVE_DENIED)
    return row
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/storage/{ref}/buckets', async ({ request }): Promise<Bucket[]> => {
      return listProjectBuckets(ctx, await projectOf(request, false))
    })

    serve(app, 'POST /platform/storage/{ref}/buckets', async ({ request, reply }) => {
      const project = await projectOf(request, true)
      const body = parseInput(CreateBucketBody, request.body)
      reply.status(201)
      return await createProjectBucket(ctx, project, body)
    })

    serve(app, 'PATCH /platform/storage/{ref}/buckets/{id}', async ({ request }): Promise<Bucket> => {
      const project = await projectOf(request, true)
      const { id } = parseInput(BucketRouteParams, request.params)
      return updateProjectBucket(ctx, project, id, parseInput(UpdateBucketBody, request.body))
    })

    serve(app, 'DELETE /platform/storage/{ref}/buckets/{id}', async ({ request }) => {
      const project = await projectOf(request, true)
      const { id } = parseInput(BucketRouteParams, request.params)
      await deleteProjectBucket(ctx, project, id)
      return { message: `Bucket ${id} deleted` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/empty', async ({ request }) => {
      const project = await projectOf(request, true)
      const { id } = parseInput(BucketRouteParams, request.params)
      await emptyProjectBucket(ctx, project, id)
      return { message: `Bucket ${id} emptied` }
    })

    // the paused-project page builds an archive, polls until it has a fileUrl, then downloads it
    serve(app, 'POST /platform/storage/{ref}/archive', async ({ request, reply }) => {
      const project = await archiveProjectOf(request)
      await startStorageArchive(ctx, project.ref)
      reply.status(202)
      return { message: 'Building the storage archive' }
    })

    serve(app, 'GET /platform/storage/{ref}/archive', async ({ request }): Promise<StorageArchiveResponse> => {
      const project = await archiveProjectOf(request)
      const fileUrl = `${originOf(ctx, request)}/platform/storage/${project.ref}/archive/file`
      return storageArchive(ctx, project.ref, fileUrl)
    })

    serveFile(app, 'GET /platform/storage/{ref}/archive/file', async ({ request, reply }) => {
      const project = await archiveProjectOf(request)
      const state = await archiveState(ctx.config.dataDir, project.ref)
      if (state?.state !== 'ready') throw notFound(STORAGE_ARCHIVE_NOT_FOUND)
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(state.bytes))
        .header('content-disposition', `attachment; filename="${project.ref}-storage.tar.gz"`)
        .send(createReadStream(state.file))
    })
  }
}

import {
  BucketParams,
  CreateStorageFolderBody,
  DeleteObjectsBody,
  ListObjectsBody,
  MoveFolderBody,
  MoveObjectBody,
  PermissionAction,
  PermissionResource,
  PublicUrlBody,
  SignObjectBody,
  STORAGE_OBJECT_WRITE_DENIED,
  UploadObjectQuery,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import {
  createBucketFolder,
  deleteBucketObjects,
  listBucketObjects,
  moveBucketObject,
  publicObjectUrl,
  signBucketObject,
  uploadBucketObject,
} from '../storage/dashboard-objects'
import { FolderMoveConflict, moveBucketFolder } from '../storage/folder-move'
import { originOf, RefParams } from './projects'

const BucketRouteParams = RefParams.extend(BucketParams.shape)

/**
 * The storage browser: every member reads a bucket's folders and objects (and may sign URLs, which only reads);
 * uploads, new folders, moves and deletes need update on storage, like changing the buckets themselves.
 */
export function storageObjectRoutes(ctx: AppContext) {
  async function bucketOf(request: FastifyRequest, write: boolean) {
    const { ref, id } = parseInput(BucketRouteParams, request.params)
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(
      membership,
      write ? PermissionAction.UPDATE : PermissionAction.READ,
      PermissionResource.STORAGE,
      write ? STORAGE_OBJECT_WRITE_DENIED : undefined,
    )
    return { project: row, bucketId: id }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/list', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, false)
      return listBucketObjects(ctx, project, bucketId, parseInput(ListObjectsBody, request.body ?? {}))
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/folder', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, true)
      const body = parseInput(CreateStorageFolderBody, request.body)
      await createBucketFolder(ctx, project, bucketId, body.path)
      return { message: `Folder ${body.path} created` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/move', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, true)
      const body = parseInput(MoveObjectBody, request.body)
      await moveBucketObject(ctx, project, bucketId, body.from, body.to)
      return { message: `Moved ${body.from} to ${body.to}` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/move-folder', async ({ request, reply }) => {
      const { project, bucketId } = await bucketOf(request, true)
      const body = parseInput(MoveFolderBody, request.body)
      try {
        return await moveBucketFolder(ctx, project, bucketId, body)
      } catch (error) {
        if (!(error instanceof FolderMoveConflict)) throw error
        return reply.status(409).send({ message: error.message, ...error.answer })
      }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/delete', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, true)
      const deleted = await deleteBucketObjects(ctx, project, bucketId, parseInput(DeleteObjectsBody, request.body))
      return { deleted }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/sign', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, false)
      const body = parseInput(SignObjectBody, request.body)
      return signBucketObject(ctx, project, originOf(ctx, request), {
        bucketId,
        name: body.path,
        expiresIn: body.expiresIn,
        download: body.download,
      })
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/public-url', async ({ request }) => {
      const { project, bucketId } = await bucketOf(request, false)
      const body = parseInput(PublicUrlBody, request.body)
      return { publicUrl: await publicObjectUrl(ctx, project, originOf(ctx, request), bucketId, body.path) }
    })

    // the upload's body is the file itself: left in the request stream and written to disk as it arrives
    await app.register(async (uploads) => {
      uploads.removeAllContentTypeParsers()
      uploads.addContentTypeParser('*', (_request, _payload, done) => done(null))
      serve(uploads, 'POST /platform/storage/{ref}/buckets/{id}/objects/upload', async ({ request }) => {
        const { project, bucketId } = await bucketOf(request, true)
        const query = parseInput(UploadObjectQuery, request.query)
        return uploadBucketObject(ctx, project, { bucketId, name: query.path, upsert: query.upsert, raw: request.raw })
      })
    })
  }
}

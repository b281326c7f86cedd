import { PermissionAction, PermissionResource, STORAGE_OBJECT_WRITE_DENIED } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'
import {
  createBucketFolder,
  deleteBucketObjects,
  listBucketObjects,
  moveBucketObject,
  publicObjectUrl,
  signBucketObject,
  uploadBucketObject,
} from '../services/storage/dashboard-objects'
import { FolderMoveConflict, moveBucketFolder } from '../services/storage/folder-move'
import { originOf } from './projects'

/**
 * The storage browser: every member reads a bucket's folders and objects (and may sign URLs, which only reads);
 * uploads, new folders, moves and deletes need update on storage, like changing the buckets themselves.
 */
export function storageObjectRoutes(ctx: AppContext) {
  async function bucketOf({ request, params }: CallWithParams<{ ref: string; id: string }>, write: boolean) {
    const { ref, id } = params
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
    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/list', async (call) => {
      const { project, bucketId } = await bucketOf(call, false)
      return listBucketObjects(ctx, project, bucketId, call.body)
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/folder', async (call) => {
      const { project, bucketId } = await bucketOf(call, true)
      const body = call.body
      await createBucketFolder(ctx, project, bucketId, body.path)
      return { message: `Folder ${body.path} created` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/move', async (call) => {
      const { project, bucketId } = await bucketOf(call, true)
      const body = call.body
      await moveBucketObject(ctx, project, bucketId, body.from, body.to)
      return { message: `Moved ${body.from} to ${body.to}` }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/move-folder', async (call) => {
      const { project, bucketId } = await bucketOf(call, true)
      const body = call.body
      try {
        return await moveBucketFolder(ctx, project, bucketId, body)
      } catch (error) {
        if (!(error instanceof FolderMoveConflict)) throw error
        return call.reply.status(409).send({ message: error.message, ...error.answer })
      }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/delete', async (call) => {
      const { project, bucketId } = await bucketOf(call, true)
      const deleted = await deleteBucketObjects(ctx, project, bucketId, call.body)
      return { deleted }
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/sign', async (call) => {
      const { project, bucketId } = await bucketOf(call, false)
      const body = call.body
      return signBucketObject(ctx, project, originOf(ctx, call.request), {
        bucketId,
        name: body.path,
        expiresIn: body.expiresIn,
        download: body.download,
      })
    })

    serve(app, 'POST /platform/storage/{ref}/buckets/{id}/objects/public-url', async (call) => {
      const { project, bucketId } = await bucketOf(call, false)
      const body = call.body
      return { publicUrl: await publicObjectUrl(ctx, project, originOf(ctx, call.request), bucketId, body.path) }
    })

    // the upload's body is the file itself: left in the request stream and written to disk as it arrives
    await app.register(async (uploads) => {
      uploads.removeAllContentTypeParsers()
      uploads.addContentTypeParser('*', (_request, _payload, done) => done(null))
      serve(uploads, 'POST /platform/storage/{ref}/buckets/{id}/objects/upload', async (call) => {
        const { project, bucketId } = await bucketOf(call, true)
        const query = call.query
        return uploadBucketObject(ctx, project, {
          bucketId,
          name: query.path,
          upsert: query.upsert,
          raw: call.request.raw,
        })
      })
    })
  }
}

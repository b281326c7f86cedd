import type { SnippetConflictResponse } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { createFolder, deleteFolder, listFolderTree, updateFolder } from '../control/content/folders'
import {
  createContent,
  deleteContent,
  getContent,
  listContent,
  SnippetConflictError,
  updateContent,
} from '../control/content/service'
import { type CallWithParams, type RouteCall, serve } from '../http/typed-routes'

type SaveKey =
  | 'PATCH /platform/projects/{ref}/content/{id}'
  | 'PUT /platform/projects/{ref}/content/{id}'
  | 'PUT /platform/projects/{ref}/content'
type ProjectCall = CallWithParams<{ ref: string }>
type FolderSaveKey =
  | 'PATCH /platform/projects/{ref}/content/folders/{id}'
  | 'PUT /platform/projects/{ref}/content/folders/{id}'

/**
 * Saved SQL snippets (type `sql`), reports (type `report`) and the snippets' folders. The dashboard sends `Version: 2` like the hosted product's;
 * it is accepted and not required.
 */
export function contentRoutes(ctx: AppContext) {
  const caller = ({ request, params }: ProjectCall) => ({
    userId: requireAuth(request).userId,
    ref: params.ref,
  })
  const target = ({ request, params }: CallWithParams<{ ref: string; id: string }>) => ({
    userId: requireAuth(request).userId,
    ref: params.ref,
    id: params.id,
  })

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/content', async (call) => {
      const { userId, ref } = caller(call)
      return listContent(ctx, userId, ref, call.query)
    })

    serve(app, 'POST /platform/projects/{ref}/content', async (call) => {
      const { userId, ref } = caller(call)
      const item = await createContent(ctx, userId, ref, call.body)
      call.reply.status(201)
      return item
    })

    serve(app, 'GET /platform/projects/{ref}/content/folders', async (call) => {
      const { userId, ref } = caller(call)
      return { data: await listFolderTree(ctx, userId, ref) }
    })

    serve(app, 'POST /platform/projects/{ref}/content/folders', async (call) => {
      const { userId, ref } = caller(call)
      const folder = await createFolder(ctx, userId, ref, call.body)
      call.reply.status(201)
      return folder
    })

    const saveFolder = async (call: RouteCall<FolderSaveKey>) => {
      const { userId, ref, id } = target(call)
      return updateFolder(ctx, userId, ref, id, call.body)
    }
    serve(app, 'PATCH /platform/projects/{ref}/content/folders/{id}', (call) => saveFolder(call))
    serve(app, 'PUT /platform/projects/{ref}/content/folders/{id}', (call) => saveFolder(call))

    serve(app, 'DELETE /platform/projects/{ref}/content/folders/{id}', async (call) => {
      const { userId, ref, id } = target(call)
      await deleteFolder(ctx, userId, ref, id)
      return {}
    })

    serve(app, 'GET /platform/projects/{ref}/content/{id}', async (call) => {
      const { userId, ref, id } = target(call)
      return getContent(ctx, userId, ref, id)
    })

    const save = async (call: ProjectCall & Pick<RouteCall<SaveKey>, 'body'>, id: string, upsert: boolean) => {
      const { userId, ref } = caller(call)
      const body = call.body
      try {
        const { item, created } = await updateContent(ctx, userId, ref, id, body, { upsert })
        call.reply.status(created ? 201 : 200)
        return item
      } catch (error) {
        if (!(error instanceof SnippetConflictError)) throw error
        const answer: SnippetConflictResponse = { message: error.message, current: error.current }
        return call.reply.status(409).send(answer)
      }
    }
    serve(app, 'PATCH /platform/projects/{ref}/content/{id}', (call) => save(call, target(call).id, false))
    serve(app, 'PUT /platform/projects/{ref}/content/{id}', (call) => save(call, target(call).id, true))
    // the hosted product's save call: the same upsert, with the id in the body (read first, as the id was before)
    serve(app, 'PUT /platform/projects/{ref}/content', (call) => save(call, call.body.id, true))

    serve(app, 'DELETE /platform/projects/{ref}/content/{id}', async (call) => {
      const { userId, ref, id } = target(call)
      await deleteContent(ctx, userId, ref, id)
      return {}
    })
  }
}

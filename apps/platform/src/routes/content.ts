import {
  CreateFolderBody,
  CreateSnippetBody,
  ListSnippetsQuery,
  type SnippetConflictResponse,
  UpdateFolderBody,
  UpdateSnippetBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import { createFolder, deleteFolder, listFolderTree, updateFolder } from '../content/folders'
import {
  createContent,
  deleteContent,
  getContent,
  listContent,
  SnippetConflictError,
  updateContent,
} from '../content/service'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { RefParams } from './projects'

const IdParams = RefParams.extend({ id: z.uuid({ error: 'The id must be a UUID' }) })
const SaveSnippetBody = z.object({ id: z.uuid({ error: 'id must be a UUID' }) })

/**
 * Saved SQL snippets (type `sql`), reports (type `report`) and the snippets' folders. The dashboard sends `Version: 2` like the hosted product's;
 * it is accepted and not required.
 */
export function contentRoutes(ctx: AppContext) {
  const caller = (request: FastifyRequest) => ({
    userId: requireAuth(request).userId,
    ref: parseInput(RefParams, request.params).ref,
  })
  const target = (request: FastifyRequest) => ({
    userId: requireAuth(request).userId,
    ...parseInput(IdParams, request.params),
  })

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/content', async ({ request }) => {
      const { userId, ref } = caller(request)
      return listContent(ctx, userId, ref, parseInput(ListSnippetsQuery, request.query))
    })

    serve(app, 'POST /platform/projects/{ref}/content', async ({ request, reply }) => {
      const { userId, ref } = caller(request)
      const item = await createContent(ctx, userId, ref, parseInput(CreateSnippetBody, request.body))
      reply.status(201)
      return item
    })

    serve(app, 'GET /platform/projects/{ref}/content/folders', async ({ request }) => {
      const { userId, ref } = caller(request)
      return { data: await listFolderTree(ctx, userId, ref) }
    })

    serve(app, 'POST /platform/projects/{ref}/content/folders', async ({ request, reply }) => {
      const { userId, ref } = caller(request)
      const folder = await createFolder(ctx, userId, ref, parseInput(CreateFolderBody, request.body))
      reply.status(201)
      return folder
    })

    const saveFolder = async (request: FastifyRequest) => {
      const { userId, ref, id } = target(request)
      return updateFolder(ctx, userId, ref, id, parseInput(UpdateFolderBody, request.body))
    }
    serve(app, 'PATCH /platform/projects/{ref}/content/folders/{id}', ({ request }) => saveFolder(request))
    serve(app, 'PUT /platform/projects/{ref}/content/folders/{id}', ({ request }) => saveFolder(request))

    serve(app, 'DELETE /platform/projects/{ref}/content/folders/{id}', async ({ request }) => {
      const { userId, ref, id } = target(request)
      await deleteFolder(ctx, userId, ref, id)
      return {}
    })

    serve(app, 'GET /platform/projects/{ref}/content/{id}', async ({ request }) => {
      const { userId, ref, id } = target(request)
      return getContent(ctx, userId, ref, id)
    })

    const save = async (request: FastifyRequest, reply: FastifyReply, id: string, upsert: boolean) => {
      const { userId, ref } = caller(request)
      const body = parseInput(UpdateSnippetBody, request.body)
      try {
        const { item, created } = await updateContent(ctx, userId, ref, id, body, { upsert })
        reply.status(created ? 201 : 200)
        return item
      } catch (error) {
        if (!(error instanceof SnippetConflictError)) throw error
        const answer: SnippetConflictResponse = { message: error.message, current: error.current }
        return reply.status(409).send(answer)
      }
    }
    serve(app, 'PATCH /platform/projects/{ref}/content/{id}', ({ request, reply }) =>
      save(request, reply, target(request).id, false),
    )
    serve(app, 'PUT /platform/projects/{ref}/content/{id}', ({ request, reply }) =>
      save(request, reply, target(request).id, true),
    )
    // the hosted product's save call: the same upsert, with the id in the body
    serve(app, 'PUT /platform/projects/{ref}/content', ({ request, reply }) =>
      save(request, reply, parseInput(SaveSnippetBody, request.body).id, true),
    )

    serve(app, 'DELETE /platform/projects/{ref}/content/{id}', async ({ request }) => {
      const { userId, ref, id } = target(request)
      await deleteContent(ctx, userId, ref, id)
      return {}
    })
  }
}

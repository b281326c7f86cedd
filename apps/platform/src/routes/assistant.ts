import type { UIMessage } from 'ai'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { SecretBox } from '../control/assistant/key-encryption'
import { AssistantService } from '../control/assistant/service'
import { serve, serveFile } from '../http/typed-routes'
import { assistantSettingsRoutes } from './assistant-settings'

/** A conversation with tool results can be long; the model calls accept more than the default 1 MB. */
const CHAT_BODY_LIMIT = 16 * 1024 * 1024

/** An AbortSignal that fires when the client goes away before the answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * The assistant's model calls at /api/ai/sql/* (the platform is its own AI server), plus its stored
 * conversations and settings (assistant-settings.ts).
 */
export function assistantRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const assistant = new AssistantService(ctx, await SecretBox.open(ctx.config.dataDir))

    serve(app, 'GET /api/ai/sql/check-api-key', async ({ request, query }) => {
      const { projectRef } = query
      return assistant.status(requireAuth(request).userId, projectRef)
    })

    serveFile(
      app,
      'POST /api/ai/sql/generate-v3',
      async (call) => {
        const { request, reply } = call
        const userId = requireAuth(request).userId
        const body = call.body
        // everything that can be refused is refused here, as JSON; after this the answer is a stream
        const chat = await assistant.chat(userId, body, clientGone(reply))
        reply.hijack()
        chat.result.pipeUIMessageStreamToResponse(reply.raw, {
          originalMessages: chat.messages,
          generateMessageId: assistant.newMessageId,
          headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
          onError: chat.errorMessage,
          onFinish: async ({ messages }: { messages: UIMessage[] }) => {
            try {
              await chat.save(messages)
            } catch (error) {
              ctx.log.warn('saving an assistant conversation failed', { error })
            }
          },
        })
      },
      { bodyLimit: CHAT_BODY_LIMIT },
    )

    serve(
      app,
      'POST /api/ai/sql/complete',
      async ({ request, reply, body }) => {
        return { completion: await assistant.complete(requireAuth(request).userId, body, clientGone(reply)) }
      },
      { bodyLimit: CHAT_BODY_LIMIT },
    )

    serve(app, 'POST /api/ai/sql/title', async ({ request, reply, body }) => {
      const { sql, projectRef } = body
      return assistant.title(requireAuth(request).userId, sql, projectRef, clientGone(reply))
    })

    await app.register(assistantSettingsRoutes(ctx, assistant))
  }
}

import { Readable } from 'node:stream'
import {
  type CsvFormulaMode,
  EXPORT_LINK_INVALID_MESSAGE,
  type ExportLinkResponse,
  type ExportQueryBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { csvChunks, jsonChunks } from '../control/sql-editor/export-format'
import { type ExportFormat, exportLinks } from '../control/sql-editor/export-links'
import { SqlQueryError } from '../control/sql-editor/query-errors'
import { checkQueryExport, openQueryExport } from '../control/sql-editor/query-export'
import {
  cancelQuery,
  getSqlSettings,
  runManagementQuery,
  runQuery,
  updateSqlSettings,
} from '../control/sql-editor/service'
import { notFound } from '../errors'
import { type CallWithParams, serve, serveFile } from '../http/typed-routes'
import { originOf } from './projects'

/** Aborts when the HTTP client goes away before the answer is complete: its query is then cancelled. */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** A refused query answers 400 with its own shape ({message, formattedError, position, hint, detail, code}). */
async function answerSql<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof SqlQueryError) return reply.status(400).send(error.body)
    throw error
  }
}

/**
 * Running SQL on a project's database (the editor's pg-meta calls and the management API).
 * The `x-connection-encrypted` header the hosted dashboard sends is accepted and ignored.
 */
export function pgMetaQueryRoutes(ctx: AppContext) {
  const caller = ({ request, params }: CallWithParams<{ ref: string }>) => ({
    userId: requireAuth(request).userId,
    ref: params.ref,
  })

  return async (app: FastifyInstance) => {
    serve(app, 'POST /platform/pg-meta/{ref}/query', async (call) => {
      const { userId, ref } = caller(call)
      const { reply, body } = call
      return answerSql(reply, () => runQuery(ctx, userId, ref, body, abortOnClose(reply)))
    })

    serve(app, 'POST /v1/projects/{ref}/database/query', async (call) => {
      const { userId, ref } = caller(call)
      const { reply, body } = call
      return answerSql(reply, () => runManagementQuery(ctx, userId, ref, body, abortOnClose(reply)))
    })

    serve(app, 'POST /platform/pg-meta/{ref}/query/cancel', async (call) => {
      const { userId, ref } = caller(call)
      const { queryId } = call.body
      return cancelQuery(ctx, userId, ref, queryId)
    })

    /** Streams every row of the query as the answer: a file download with rows fetched as the client reads. */
    const streamExport = async (
      reply: FastifyReply,
      grant: { userId: number; ref: string; format: ExportFormat; formulas: CsvFormulaMode; body: ExportQueryBody },
    ) =>
      answerSql(reply, async () => {
        const exported = await openQueryExport(ctx, grant.userId, grant.ref, grant.body, abortOnClose(reply))
        reply.raw.on('close', () => void exported.abandon())
        const { format } = grant
        const chunks =
          format === 'csv'
            ? csvChunks(exported.columns, exported.batches, grant.formulas)
            : jsonChunks(exported.columns, exported.batches)
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="query-result.${format}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(chunks, { objectMode: false }))
      })

    serveFile(app, 'POST /platform/pg-meta/{ref}/query/export', async (call) => {
      const { userId, ref } = caller(call)
      const { format, formulas } = call.query
      const body = call.body
      return streamExport(call.reply, { userId, ref, format, formulas, body })
    })

    // The dashboard's export: a single-use address the browser downloads itself, so a large result never
    // sits in the page's memory. The query is checked now, so its errors show in the page.
    serve(app, 'POST /platform/pg-meta/{ref}/query/export-url', async (call) => {
      const { userId, ref } = caller(call)
      const { format, formulas } = call.query
      const body = call.body
      const { request, reply } = call
      return answerSql(reply, async (): Promise<ExportLinkResponse> => {
        await checkQueryExport(ctx, userId, ref, body)
        const { token, expiresAt } = exportLinks(ctx).issue({ userId, ref, format, formulas, body })
        return {
          fileUrl: `${originOf(ctx, request)}/platform/pg-meta/${encodeURIComponent(ref)}/query/export/${token}`,
          expires_at: new Date(expiresAt).toISOString(),
        }
      })
    })

    serveFile(
      app,
      'GET /platform/pg-meta/{ref}/query/export/{token}',
      async ({ request, reply, params }) => {
        const userId = requireAuth(request).userId
        const { ref, token } = params
        const grant = exportLinks(ctx).take(token, userId, ref)
        if (!grant) throw notFound(EXPORT_LINK_INVALID_MESSAGE)
        return streamExport(reply, grant)
      },
      // a HEAD would spend the single-use token without a download
      { exposeHeadRoute: false },
    )

    serve(app, 'GET /platform/projects/{ref}/settings/sql', async (call) => {
      const { userId, ref } = caller(call)
      return getSqlSettings(ctx, userId, ref)
    })

    serve(app, 'PATCH /platform/projects/{ref}/settings/sql', async (call) => {
      const { userId, ref } = caller(call)
      return updateSqlSettings(ctx, userId, ref, call.body)
    })
  }
}

import { Readable } from 'node:stream'
import {
  CancelQueryBody,
  ExportQueryBody,
  ExportQueryParams,
  ManagementQueryBody,
  RunQueryBody,
  UpdateSqlSettingsBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { csvChunks, jsonChunks } from '../sql/export-format'
import { closeAllSqlPools } from '../sql/pools'
import { SqlQueryError } from '../sql/query-errors'
import {
  cancelQuery,
  getSqlSettings,
  openQueryExport,
  runManagementQuery,
  runQuery,
  updateSqlSettings,
} from '../sql/service'
import { RefParams } from './projects'

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
  const caller = (request: FastifyRequest) => ({
    userId: requireAuth(request).userId,
    ref: parseInput(RefParams, request.params).ref,
  })

  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => closeAllSqlPools(ctx))

    app.post('/platform/pg-meta/:ref/query', async (request, reply) => {
      const { userId, ref } = caller(request)
      const body = parseInput(RunQueryBody, request.body)
      return answerSql(reply, () => runQuery(ctx, userId, ref, body, abortOnClose(reply)))
    })

    app.post('/v1/projects/:ref/database/query', async (request, reply) => {
      const { userId, ref } = caller(request)
      const body = parseInput(ManagementQueryBody, request.body)
      return answerSql(reply, () => runManagementQuery(ctx, userId, ref, body, abortOnClose(reply)))
    })

    app.post('/platform/pg-meta/:ref/query/cancel', async (request) => {
      const { userId, ref } = caller(request)
      const { queryId } = parseInput(CancelQueryBody, request.body)
      return cancelQuery(ctx, userId, ref, queryId)
    })

    app.post('/platform/pg-meta/:ref/query/export', async (request, reply) => {
      const { userId, ref } = caller(request)
      const { format } = parseInput(ExportQueryParams, request.query)
      const body = parseInput(ExportQueryBody, request.body)
      return answerSql(reply, async () => {
        const exported = await openQueryExport(ctx, userId, ref, body, abortOnClose(reply))
        reply.raw.on('close', () => void exported.abandon())
        const chunks =
          format === 'csv'
            ? csvChunks(exported.columns, exported.batches)
            : jsonChunks(exported.columns, exported.batches)
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="query-result.${format}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(chunks, { objectMode: false }))
      })
    })

    app.get('/platform/projects/:ref/settings/sql', async (request) => {
      const { userId, ref } = caller(request)
      return getSqlSettings(ctx, userId, ref)
    })

    app.patch('/platform/projects/:ref/settings/sql', async (request) => {
      const { userId, ref } = caller(request)
      return updateSqlSettings(ctx, userId, ref, parseInput(UpdateSqlSettingsBody, request.body))
    })
  }
}

import type { ExportLinkResponse } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { CsvImportError, drainRequest, importCsv } from '../control/table-editor/csv-import'
import { searchReferences } from '../control/table-editor/reference-search'
import { countRows, deleteRows, exportRowsLink, insertRow, readRows, updateRow } from '../control/table-editor/service'
import { alterTable, createTable } from '../control/table-editor/table-ddl'
import { type CallWithParams, serve } from '../http/typed-routes'
import { originOf } from './projects'

/** The table editor: tables created and changed, and their rows read, counted, inserted, changed, deleted and imported. */
export function tableEditorRoutes(ctx: AppContext) {
  const caller = ({ request, params }: CallWithParams<{ ref: string; id: number }>) => {
    const { userId } = requireAuth(request)
    const { ref, id } = params
    return { userId, ref, tableId: id }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'POST /platform/pg-meta/{ref}/tables', async (call) => {
      const { userId } = requireAuth(call.request)
      const { ref } = call.params
      const created = await createTable(ctx, userId, ref, call.body)
      call.reply.status(201)
      return created
    })

    serve(app, 'PATCH /platform/pg-meta/{ref}/tables/{id}', async (call) => {
      const who = caller(call)
      return alterTable(ctx, who, call.body)
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/query', async (call) => {
      const who = caller(call)
      const { sort, filters, after, limit } = call.body
      return readRows(ctx, who, { sort, filters, after, limit })
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/reference-search', async (call) => {
      const who = caller(call)
      return searchReferences(ctx, who, call.body)
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/count', async (call) => {
      const who = caller(call)
      return countRows(ctx, who, call.body.filters)
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows', async (call) => {
      const who = caller(call)
      return insertRow(ctx, who, call.body.values)
    })

    serve(app, 'PATCH /platform/pg-meta/{ref}/tables/{id}/rows', async (call) => {
      const who = caller(call)
      const { key, values } = call.body
      return updateRow(ctx, who, key, values)
    })

    serve(
      app,
      'POST /platform/pg-meta/{ref}/tables/{id}/rows/export-url',
      async (call): Promise<ExportLinkResponse> => {
        const who = caller(call)
        const { sort, filters, formulas = 'escape' } = call.body
        const { token, expiresAt } = await exportRowsLink(ctx, who, { sort, filters }, formulas)
        return {
          fileUrl: `${originOf(ctx, call.request)}/platform/pg-meta/${encodeURIComponent(who.ref)}/query/export/${token}`,
          expires_at: new Date(expiresAt).toISOString(),
        }
      },
    )

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/delete', async (call) => {
      const who = caller(call)
      return deleteRows(ctx, who, call.body.keys)
    })

    await app.register(async (imports) => {
      // the file stays in the request stream: it is parsed and sent to Postgres as it arrives
      imports.addContentTypeParser('text/csv', (_request, _payload, done) => done(null))
      serve(imports, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/import', async (call) => {
        const { request, reply } = call
        try {
          const who = caller(call)
          const query = call.query
          return await importCsv(ctx, who, { columns: query.columns, header: query.header === 'true' }, request.raw)
        } catch (error) {
          await drainRequest(request.raw)
          if (error instanceof CsvImportError) {
            return reply.status(error.statusCode).send({ message: error.message, row: error.row })
          }
          throw error
        }
      })
    })
  }
}

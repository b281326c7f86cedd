import {
  AlterTableBody,
  CountRowsBody,
  CreateTableBody,
  DeleteRowsBody,
  type ExportLinkResponse,
  ExportRowsBody,
  ImportCsvQuery,
  InsertRowBody,
  ReadRowsBody,
  ReferenceSearchBody,
  UpdateRowBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { CsvImportError, drainRequest, importCsv } from '../table-editor/csv-import'
import { searchReferences } from '../table-editor/reference-search'
import { countRows, deleteRows, exportRowsLink, insertRow, readRows, updateRow } from '../table-editor/service'
import { alterTable, createTable } from '../table-editor/table-ddl'
import { originOf, RefParams } from './projects'

const TableParams = RefParams.extend({
  id: z.coerce.number().int().positive('Table id must be a positive number').max(4_294_967_295, 'No table has this id'),
})

/** The table editor: tables created and changed, and their rows read, counted, inserted, changed, deleted and imported. */
export function tableEditorRoutes(ctx: AppContext) {
  const caller = (request: FastifyRequest) => {
    const { userId } = requireAuth(request)
    const { ref, id } = parseInput(TableParams, request.params)
    return { userId, ref, tableId: id }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'POST /platform/pg-meta/{ref}/tables', async ({ request, reply }) => {
      const { userId } = requireAuth(request)
      const { ref } = parseInput(RefParams, request.params)
      const created = await createTable(ctx, userId, ref, parseInput(CreateTableBody, request.body))
      reply.status(201)
      return created
    })

    serve(app, 'PATCH /platform/pg-meta/{ref}/tables/{id}', async ({ request }) => {
      const who = caller(request)
      return alterTable(ctx, who, parseInput(AlterTableBody, request.body))
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/query', async ({ request }) => {
      const who = caller(request)
      const { sort, filters, after, limit } = parseInput(ReadRowsBody, request.body)
      return readRows(ctx, who, { sort, filters, after, limit })
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/reference-search', async ({ request }) => {
      const who = caller(request)
      return searchReferences(ctx, who, parseInput(ReferenceSearchBody, request.body))
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/count', async ({ request }) => {
      const who = caller(request)
      return countRows(ctx, who, parseInput(CountRowsBody, request.body).filters)
    })

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows', async ({ request }) => {
      const who = caller(request)
      return insertRow(ctx, who, parseInput(InsertRowBody, request.body).values)
    })

    serve(app, 'PATCH /platform/pg-meta/{ref}/tables/{id}/rows', async ({ request }) => {
      const who = caller(request)
      const { key, values } = parseInput(UpdateRowBody, request.body)
      return updateRow(ctx, who, key, values)
    })

    serve(
      app,
      'POST /platform/pg-meta/{ref}/tables/{id}/rows/export-url',
      async ({ request }): Promise<ExportLinkResponse> => {
        const who = caller(request)
        const { sort, filters, formulas = 'escape' } = parseInput(ExportRowsBody, request.body)
        const { token, expiresAt } = await exportRowsLink(ctx, who, { sort, filters }, formulas)
        return {
          fileUrl: `${originOf(ctx, request)}/platform/pg-meta/${encodeURIComponent(who.ref)}/query/export/${token}`,
          expires_at: new Date(expiresAt).toISOString(),
        }
      },
    )

    serve(app, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/delete', async ({ request }) => {
      const who = caller(request)
      return deleteRows(ctx, who, parseInput(DeleteRowsBody, request.body).keys)
    })

    await app.register(async (imports) => {
      // the file stays in the request stream: it is parsed and sent to Postgres as it arrives
      imports.addContentTypeParser('text/csv', (_request, _payload, done) => done(null))
      serve(imports, 'POST /platform/pg-meta/{ref}/tables/{id}/rows/import', async ({ request, reply }) => {
        try {
          const who = caller(request)
          const query = parseInput(ImportCsvQuery, request.query)
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

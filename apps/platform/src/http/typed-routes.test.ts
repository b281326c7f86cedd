import type { RouteResponse } from '@pgfleet/contracts'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { forbidden, installErrorHandler } from '../errors'
import { serve, serveHead } from './typed-routes'

/** The route table's one validation of a request: path parameters, body and query, each checked on first use. */
let app: FastifyInstance

/** What the handlers here answer (what they read), in place of the route's own answer. */
const echo = <K extends Parameters<typeof serve>[1]>(value: object) => value as unknown as RouteResponse<K>

async function server(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify()
  installErrorHandler(app)
  register(app)
  await app.ready()
  return app
}

afterEach(async () => {
  await app?.close()
})

describe('a route of the table', () => {
  it('checks a path parameter with the table’s schema when read, the ones before it in the path first', async () => {
    const reads: string[] = []
    await server((app) =>
      serve(app, 'DELETE /platform/organizations/{slug}/members/invitations/{id}', async ({ params }) => {
        reads.push('handler')
        const { id } = params
        return echo<'DELETE /platform/organizations/{slug}/members/invitations/{id}'>({ id })
      }),
    )
    const remove = (path: string) => app.inject({ method: 'DELETE', url: `/platform/organizations/${path}` })

    // the id is a number, as the table's RowId makes it
    const ok = await remove('acme/members/invitations/7')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ id: 7 })

    const badId = await remove('acme/members/invitations/0')
    expect(badId.statusCode).toBe(400)
    expect(badId.json()).toEqual({ message: 'Invalid invitation id' })
    // errors name the parameter, as when the handler parsed the params itself
    expect((await remove('acme/members/invitations/seven')).json()).toEqual({ message: 'id is required' })

    // the slug (shared by every {slug} route) answers first, though the handler read only the id
    const badBoth = await remove('/members/invitations/0')
    expect(badBoth.statusCode).toBe(400)
    expect(badBoth.json()).toEqual({ message: 'Organization slug is required' })
    expect(reads).toEqual(['handler', 'handler', 'handler', 'handler'])
  })

  it('checks a {ref} as a project ref on every route that has one', async () => {
    await server((app) =>
      serve(app, 'GET /platform/projects/{ref}/status', async ({ params }) =>
        echo<'GET /platform/projects/{ref}/status'>({ status: params.ref }),
      ),
    )
    const bad = await app.inject({ method: 'GET', url: '/platform/projects/NOT-A-REF/status' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'Project ref must be 20 lowercase letters' })
    const good = await app.inject({ method: 'GET', url: `/platform/projects/${'a'.repeat(20)}/status` })
    expect(good.json()).toEqual({ status: 'a'.repeat(20) })
  })

  it('reads the body on first use, so the handler’s own refusals answer before a bad body', async () => {
    await server((app) =>
      serve(app, 'PATCH /platform/organizations/{slug}/members/{userId}', async ({ request, params }) => {
        if (request.headers['x-deny']) throw forbidden()
        return echo<'PATCH /platform/organizations/{slug}/members/{userId}'>({ user: params.userId })
      }),
    )
    const patch = (payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'PATCH',
        url: '/platform/organizations/acme/members/3',
        payload: payload as object,
        headers,
      })

    expect((await patch({ role_name: 'nobody' }, { 'x-deny': '1' })).statusCode).toBe(403)
    expect((await patch({ role_name: 'nobody' })).statusCode).toBe(200)
  })

  it('answers 400 with the body’s first problem when the handler reads it', async () => {
    await server((app) =>
      serve(app, 'PATCH /platform/organizations/{slug}/members/{userId}', async (call) => {
        const { role_name } = call.body
        return echo<'PATCH /platform/organizations/{slug}/members/{userId}'>({ role_name })
      }),
    )
    const patch = (payload: unknown) =>
      app.inject({ method: 'PATCH', url: '/platform/organizations/acme/members/3', payload: payload as object })
    const bad = await patch({ role_name: 'nobody' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Role must be one of /)
    expect((await patch({ role_name: 'Developer' })).json()).toEqual({ role_name: 'Developer' })
  })

  it('serves a HEAD at a route’s path with that route’s parameter checks', async () => {
    await server((app) =>
      serveHead(app, 'PATCH /platform/storage/{ref}/upload/resumable/{uploadId}', async ({ reply, params }) => {
        reply.header('upload-id', params.uploadId)
        return reply.send()
      }),
    )
    const head = (path: string) => app.inject({ method: 'HEAD', url: `/platform/storage/${path}` })
    const ref = 'a'.repeat(20)
    expect((await head(`${ref}/upload/resumable/abc`)).headers['upload-id']).toBe('abc')
    expect((await head(`${ref}/upload/resumable/${'x'.repeat(65)}`)).statusCode).toBe(400)
    expect((await head('nope/upload/resumable/abc')).statusCode).toBe(400)
  })
})

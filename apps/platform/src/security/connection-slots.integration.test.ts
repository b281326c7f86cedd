import net from 'node:net'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'

/**
 * A project's connection slots against clients that hold them: connections that never finish authenticating, and
 * the tenant's own sessions filling the server. The data API and the platform must keep working.
 */
let f: ProjectFixture
let serviceKey = ''
let maxConnections = 0

beforeAll(async () => {
  f = await startProjectFixture()
  const keys = (await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${f.project.ref}/api-keys`)).body
  serviceKey = keys.find((key) => key.name === 'service_role')?.api_key ?? ''
  const client = await f.connect()
  try {
    await client.query('create table items (id int primary key)')
    maxConnections = Number(
      (await client.query<{ n: string }>("select current_setting('max_connections') as n")).rows[0]?.n,
    )
  } finally {
    await client.end()
  }
}, 90_000)
afterAll(async () => {
  await f?.t.destroy()
}, 60_000)

/** The data API then has no connection open: its next request needs a new one. */
const closeDataApiPool = () => f.t.platform.ctx.connections.closePool(f.project.ref, 'rest')

const dataApi = async () =>
  (
    await fetch(`${f.t.baseUrl}/p/${f.project.ref}/rest/v1/items?select=id`, {
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    })
  ).status

/** A protocol 3.0 startup message for `user`: the server answers with its password challenge and waits. */
function startupMessage(user: string): Buffer {
  const params = Buffer.from(`user\0${user}\0database\0postgres\0\0`)
  const message = Buffer.alloc(8 + params.length)
  message.writeInt32BE(message.length, 0)
  message.writeInt32BE(196_608, 4)
  params.copy(message, 8)
  return message
}

/** Opens `count` TCP connections that start a login as postgres and never answer the challenge. */
async function openUnauthenticated(count: number): Promise<{ sockets: net.Socket[]; challenged: () => number }> {
  let challenged = 0
  const sockets = Array.from({ length: count }, () => {
    const socket = net.connect(f.project.database.port ?? 0, '127.0.0.1', () =>
      socket.write(startupMessage('postgres')),
    )
    // 'R': an authentication request, i.e. the server gave this connection a slot and waits for the password
    socket.once('data', (data) => {
      if (data[0] === 0x52) challenged++
    })
    socket.on('error', () => {})
    return socket
  })
  return { sockets, challenged: () => challenged }
}

describe('connection slots', () => {
  it('connections that never authenticate hold the slots for seconds, not a minute', async () => {
    await closeDataApiPool()
    const started = Date.now()
    const flood = await openUnauthenticated(maxConnections + 10)
    try {
      while (flood.challenged() < maxConnections - 5 && Date.now() - started < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      // every slot is taken: the data API, which has no connection yet, cannot get one
      expect(flood.challenged()).toBeGreaterThanOrEqual(maxConnections - 5)
      expect(await dataApi()).toBe(503)
      // the attacker keeps its sockets open; the server drops them after authentication_timeout
      let status = 0
      while (status !== 200 && Date.now() - started < 15_000) {
        status = await dataApi()
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(status).toBe(200)
      expect(Date.now() - started).toBeLessThan(15_000)
      const platform = await f.connectAsPlatform()
      await platform.end()
    } finally {
      for (const socket of flood.sockets) socket.destroy()
    }
  }, 60_000)

  it("the tenant's own sessions filling the server leave the data API its reserved slots", async () => {
    await closeDataApiPool()
    const sessions: pg.Client[] = []
    try {
      let refusal: { code?: string; message?: string } | null = null
      while (!refusal && sessions.length < maxConnections) {
        try {
          sessions.push(await f.connect())
        } catch (error) {
          refusal = error as { code?: string; message?: string }
        }
      }
      expect(refusal).toMatchObject({ code: '53300' })
      expect(refusal?.message).toMatch(/reserved/)
      expect(await dataApi()).toBe(200)
    } finally {
      await Promise.all(sessions.map((session) => session.end().catch(() => {})))
    }
  }, 60_000)
})

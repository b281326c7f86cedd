import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverEngines, engineForMajor } from '../engines/discover'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot, testClusterSpec } from '../testing/fixtures'
import { connectionConfig } from './client'
import { initCluster } from './init'
import { startCluster } from './start'
import { stopCluster } from './stop'
import type { ClusterSpec } from './types'
import { setClusterWriteCeiling } from './write-ceiling'

/** The disk ceiling on a real server: TCP sessions end and TCP logins are refused; the socket keeps working. */
let spec: ClusterSpec

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  const root = await makeTempRoot('write-ceiling')
  const engine = engineForMajor(await discoverEngines(), 17)
  spec = testClusterSpec(path.join(root, 'project'), engine, await resolveRunAs(), { port: await freePort() })
  await initCluster(spec)
  await startCluster(spec)
  const admin = new pg.Client(connectionConfig(spec))
  await admin.connect()
  await admin.query("create role tenant login password 'tenant-password'")
  await admin.end()
}, 60_000)

afterAll(async () => {
  if (spec) await stopCluster(spec, 'immediate', 5_000).catch(() => {})
}, 30_000)

const overTcp = () =>
  new pg.Client({
    host: '127.0.0.1',
    port: spec.port ?? 0,
    user: 'tenant',
    password: 'tenant-password',
    database: 'postgres',
  })

describe('setClusterWriteCeiling', () => {
  it('ends TCP sessions and refuses TCP logins past the ceiling, keeps the socket, and lifts', async () => {
    const tenant = overTcp()
    tenant.on('error', () => {})
    await tenant.connect()
    const platform = new pg.Client(connectionConfig(spec))
    await platform.connect()
    try {
      expect(await setClusterWriteCeiling(spec, true)).toBe(1)
      await expect(tenant.query('select 1')).rejects.toThrow()
      await expect(overTcp().connect()).rejects.toMatchObject({ code: '28000' })
      expect((await platform.query('select 1 as one')).rows).toEqual([{ one: 1 }])

      expect(await setClusterWriteCeiling(spec, false)).toBe(0)
      const back = overTcp()
      await back.connect()
      await back.end()
    } finally {
      await platform.end()
    }
  }, 60_000)
})

import { access, readdir, rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverEngines, engineForMajor } from '../engines/discover'
import { type RunAs, resolveRunAs } from '../system/run-as'
import { makeTempRoot, processUid, testClusterSpec, waitUntil } from '../testing/fixtures'
import { withClient } from './client'
import { initCluster } from './init'
import { clusterPid, readPidFile } from './pid-file'
import { probeCluster } from './probe'
import { writeClusterSettings } from './settings'
import { startCluster } from './start'
import { stopCluster } from './stop'
import type { ClusterSpec } from './types'

const TIMEOUT_MS = 20_000
let root: string
let runAs: RunAs | null
let spec: ClusterSpec

beforeAll(async () => {
  root = await makeTempRoot('cluster')
  runAs = await resolveRunAs()
  const engine = engineForMajor(await discoverEngines(), 17)
  const dir = path.join(root, 'control')
  spec = testClusterSpec(dir, engine, runAs)
})

afterAll(async () => {
  // best-effort cleanup: a test that failed may have left these stopped already, or never started them
  if (spec) await stopCluster(spec, 'immediate', 5_000).catch(() => {})
  await rm(root, { recursive: true, force: true })
})

describe('a socket-only cluster', () => {
  it('initialises atomically, starts, is adopted, survives a crash and stops', { timeout: TIMEOUT_MS }, async () => {
    const init = await initCluster(spec)
    expect(await readdir(path.dirname(spec.dataDir))).toEqual(['pgdata', 'run'])
    await expect(initCluster(spec)).rejects.toThrow('already exists')

    const first = await startCluster(spec)
    console.log(
      `[engine timings] pg17 socket-only initdb ${init.initdbMs} ms (total ${init.totalMs} ms), start-to-ready ${first.readyMs} ms`,
    )
    expect(first.adopted).toBe(false)
    const pidFile = await readPidFile(spec.dataDir)
    expect(pidFile).toMatchObject({ pid: first.pid, status: 'ready', listenAddress: '', port: 5432 })
    expect(await probeCluster(spec)).toBe('ready')
    if (runAs) expect(await processUid(first.pid)).toBe(runAs.uid)

    const again = await startCluster(spec)
    expect(again).toMatchObject({ pid: first.pid, adopted: true })

    await withClient(spec, (client) => client.query('CREATE TABLE public.kept AS SELECT 42 AS answer'))
    process.kill(first.pid, 'SIGKILL')
    await waitUntil(async () => (await clusterPid(spec)) === null)
    expect(await probeCluster(spec)).toBe('down')

    const recovered = await startCluster(spec)
    expect(recovered.pid).not.toBe(first.pid)
    const { rows } = await withClient(spec, (client) => client.query('SELECT answer FROM public.kept'))
    expect(rows).toEqual([{ answer: 42 }])

    await stopCluster(spec, 'smart')
    expect(await probeCluster(spec)).toBe('down')
    await expect(access(path.join(spec.dataDir, 'postmaster.pid'))).rejects.toThrow()
    await stopCluster(spec)
  })

  it('reports the server log when postgres cannot start', { timeout: TIMEOUT_MS }, async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as net.AddressInfo).port
    const blocked = { ...spec, port }
    try {
      await writeClusterSettings(blocked)
      await expect(startCluster(blocked)).rejects.toThrow(/Postgres failed to start[\s\S]*could not (bind|create)/)
      expect(await clusterPid(spec)).toBeNull()
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
      await writeClusterSettings(spec)
    }
  })
})

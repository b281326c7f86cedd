/**
 * The on-cluster suite's port-forwards, with a stand-in `kubectl` on PATH (no cluster runs here): what it prints
 * decides the local port, a forward whose process ended is opened again, and a failure says what happened.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ServiceTunnels } from './service-tunnels'

let dir: string
const originalPath = process.env.PATH
const tunnels: ServiceTunnels[] = []

/** A `kubectl` that logs its arguments, then answers as `body` says. */
async function fakeKubectl(body: string) {
  await writeFile(path.join(dir, 'kubectl'), `#!/bin/sh\necho "$@" >> "${dir}/calls"\n${body}\n`)
  await chmod(path.join(dir, 'kubectl'), 0o755)
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-tunnels-'))
  process.env.PATH = `${dir}:${originalPath}`
})
afterEach(async () => {
  await Promise.all(tunnels.splice(0).map((t) => t.closeAll()))
  await rm(path.join(dir, 'calls'), { force: true })
})
afterAll(async () => {
  process.env.PATH = originalPath
  await rm(dir, { recursive: true, force: true })
})

function newTunnels() {
  const made = new ServiceTunnels()
  tunnels.push(made)
  return made
}

describe('the suite’s port-forwards', () => {
  it('forward a Service’s name to the local port kubectl reports, once per Service and port', async () => {
    await fakeKubectl('echo "Forwarding from 127.0.0.1:45678 -> 5432"\nexec sleep 30')
    const t = newTunnels()
    expect(await t.resolve('alpha-rw.pgfleet-e2e-1.svc', 5432)).toEqual({ host: '127.0.0.1', port: 45678 })
    expect(await t.resolve('alpha-rw.pgfleet-e2e-1.svc', 5432)).toEqual({ host: '127.0.0.1', port: 45678 })
    // anything that is not a Service's in-cluster name is left alone
    expect(await t.resolve('db.example.com', 6432)).toEqual({ host: 'db.example.com', port: 6432 })
    const calls = (await readFile(path.join(dir, 'calls'), 'utf8')).trim().split('\n')
    expect(calls).toEqual(['port-forward --address 127.0.0.1 -n pgfleet-e2e-1 service/alpha-rw :5432'])
  })

  it('open a forward again once its process has ended (its pod went)', async () => {
    await fakeKubectl('echo "Forwarding from 127.0.0.1:45679 -> 5432"\nsleep 0.2')
    const t = newTunnels()
    await t.resolve('alpha-pooler.ns.svc', 5432)
    await new Promise((resolve) => setTimeout(resolve, 600))
    await t.resolve('alpha-pooler.ns.svc', 5432)
    expect((await readFile(path.join(dir, 'calls'), 'utf8')).trim().split('\n')).toHaveLength(2)
  })

  it('say why a forward could not be opened', async () => {
    await fakeKubectl('echo "error: services \\"nope\\" not found" >&2\nexit 1')
    await expect(newTunnels().resolve('nope.ns.svc', 5432)).rejects.toThrow(
      /kubectl port-forward to nope\.ns:5432: ended with code 1 \(error: services "nope" not found\)/,
    )
  })
})

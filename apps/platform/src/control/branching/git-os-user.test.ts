import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { lookupUser, type RunAs } from '@pgfleet/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EgressPolicy } from '../../security/egress-policy'
import { requireRoot } from '../../testing/require-root'
import { fetchBranchFiles, findRemoteBranch, type GitOptions } from './git'
import { REMOTE_NOT_FOUND_MESSAGE, REMOTE_UNREACHABLE_MESSAGE } from './git-egress'
import { GIT_OS_USER } from './git-workspace'
import { TestRepository } from './testing'

/**
 * git talks to a server the tenant chose, so it runs as an OS user of its own, never as root: the servers below
 * answer like an ssh or TLS service that is not git, note the OS user that opened each connection (the kernel's
 * socket table records it) and greet with details a tenant must not read back.
 */
const BANNER = 'SecretBanner_7.1'

let dataDir: string
let gitUser: RunAs

beforeAll(async () => {
  requireRoot('git as an unprivileged OS user')
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-git-user-'))
  // the platform opens its data directory to its OS users' traversal the same way at start
  await chmod(dataDir, 0o711)
})

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, '0')

/** The uid that owns the loopback connection from `clientPort` to `serverPort`, from /proc/net/tcp. */
async function connectionUid(clientPort: number, serverPort: number): Promise<number> {
  const table = await readFile('/proc/net/tcp', 'utf8')
  for (const line of table.split('\n').slice(1)) {
    const [, local, remote, , , , , uid] = line.trim().split(/\s+/)
    if (local === `0100007F:${hex(clientPort)}` && remote === `0100007F:${hex(serverPort)}`) return Number(uid)
  }
  throw new Error(`no connection from port ${clientPort} to ${serverPort}`)
}

/** A loopback service that greets every client with `greeting` and records the uid that connected. */
async function greetingService(greeting: string): Promise<{ port: number; uids: number[]; close: () => void }> {
  const uids: number[] = []
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    const port = (server.address() as net.AddressInfo).port
    // the client is still connected while its entry is read: the greeting ends the connection
    connectionUid(socket.remotePort ?? 0, port)
      .then(
        (uid) => uids.push(uid),
        () => uids.push(-1),
      )
      .finally(() => socket.end(greeting))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as net.AddressInfo).port, uids, close: () => server.close() }
}

const optionsFor = (port: number, allowFileUrls = false): GitOptions => ({
  dataDir,
  allowFileUrls,
  timeoutMs: 20_000,
  egress: new EgressPolicy({ allow: [{ host: '127.0.0.1', port }] }),
})

async function failure(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => 'it succeeded',
    (error: Error) => error.message,
  )
}

describe('git and ssh', () => {
  it('run as their own unprivileged OS user, and a failed connection reads back without address, port or banner', async () => {
    const services = [
      { scheme: 'ssh://git@', service: await greetingService(`SSH-2.0-${BANNER} build-42\r\n`) },
      {
        scheme: 'https://',
        service: await greetingService(`HTTP/1.1 200 OK\r\nServer: ${BANNER}\r\nContent-Length: 0\r\n\r\n`),
      },
    ]
    try {
      for (const { scheme, service } of services) {
        const remote = { url: `${scheme}127.0.0.1:${service.port}/acme/shop.git`, token: null }
        const options = optionsFor(service.port)
        const messages = [
          await failure(findRemoteBranch(remote, 'main', options)),
          await failure(fetchBranchFiles(remote, 'main', options)),
        ]
        for (const message of messages) {
          expect(message, remote.url).toBe(REMOTE_UNREACHABLE_MESSAGE)
          for (const detail of ['127.0.0.1', String(service.port), BANNER, 'port']) {
            expect(message, remote.url).not.toContain(detail)
          }
        }
        const user = await lookupUser(GIT_OS_USER)
        if (!user) throw new Error(`no ${GIT_OS_USER} OS user after git ran`)
        gitUser = user
        expect(gitUser.uid).not.toBe(0)
        expect(service.uids.length, remote.url).toBeGreaterThan(0)
        expect(new Set(service.uids), remote.url).toEqual(new Set([gitUser.uid]))
      }
    } finally {
      for (const { service } of services) service.close()
    }
  })

  it('work in a home only the git user enters, and leave no fetched repository behind', async () => {
    const repo = new TestRepository()
    try {
      repo.commit('main', { 'supabase/migrations/20240101000000_init.sql': 'create table t (id int);' })
      const files = await fetchBranchFiles({ url: repo.url, token: null }, 'main', optionsFor(1, true))
      expect(files.migrations.map((m) => m.name)).toEqual(['20240101000000_init.sql'])

      const home = await stat(path.join(dataDir, 'git', 'home'))
      expect({ uid: home.uid, mode: home.mode & 0o777 }).toEqual({ uid: gitUser.uid, mode: 0o700 })
      const gitDir = await stat(path.join(dataDir, 'git'))
      expect({ uid: gitDir.uid, mode: gitDir.mode & 0o777 }).toEqual({ uid: 0, mode: 0o711 })
      expect((await readdir(path.join(dataDir, 'git', 'home'))).filter((name) => name.startsWith('fetch-'))).toEqual([])

      // a repository only root may read is out of git's reach: git is not root
      await chmod(repo.root, 0o700)
      expect(await failure(fetchBranchFiles({ url: repo.url, token: null }, 'main', optionsFor(1, true)))).toBe(
        REMOTE_NOT_FOUND_MESSAGE,
      )
    } finally {
      repo.remove()
    }
  })
})

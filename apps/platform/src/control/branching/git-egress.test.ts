import { execFile } from 'node:child_process'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EgressPolicy } from '../../security/egress-policy'
import { fetchBranchFiles, findRemoteBranch } from './git'
import {
  pinnedConnection,
  REMOTE_ACCESS_DENIED_MESSAGE,
  REMOTE_NOT_FOUND_MESSAGE,
  REMOTE_REF_MISSING_MESSAGE,
  REMOTE_REFUSED_MESSAGE,
  REMOTE_UNREACHABLE_MESSAGE,
  remoteDestination,
  tenantGitMessage,
} from './git-egress'

const egress = new EgressPolicy({ allow: [] })
// every remote here is refused before git runs, so this directory is never made
const dataDir = path.join(os.tmpdir(), 'pgfleet-git-egress-never-made')
const options = { dataDir, allowFileUrls: false, timeoutMs: 20_000, egress }

describe('git remotes and the egress policy', () => {
  it('finds the host and port git would connect to', () => {
    expect(remoteDestination('https://github.com/o/r.git')).toEqual({ host: 'github.com', port: 443 })
    expect(remoteDestination('ssh://git@127.0.0.1:5432/r.git')).toEqual({ host: '127.0.0.1', port: 5432 })
    expect(remoteDestination('git@example.com:o/r.git')).toEqual({ host: 'example.com', port: 22 })
    expect(remoteDestination('ssh://[::1]:22/r')).toEqual({ host: '::1', port: 22 })
    expect(remoteDestination('file:///tmp/r.git')).toBeNull()
  })

  it("cannot probe this machine's ports: the connection is refused before git runs, with no detail", async () => {
    for (const url of ['ssh://git@127.0.0.1:5432/r.git', 'https://127.0.0.1:8080/r.git', 'git@localhost:r.git']) {
      const fetched = fetchBranchFiles({ url, token: null }, 'main', options)
      await expect(fetched, url).rejects.toThrow(REMOTE_REFUSED_MESSAGE)
      await expect(findRemoteBranch({ url, token: null }, 'main', options), url).rejects.toThrow(REMOTE_REFUSED_MESSAGE)
    }
  })

  it("reads git's and ssh's failures back as fixed sentences, without hosts, addresses, ports or banners", () => {
    for (const stderr of [
      'ssh: connect to host 10.0.0.5 port 22: Connection refused\nfatal: Could not read from remote repository.',
      'kex_exchange_identification: Connection closed by remote host',
      'Connection closed by 10.0.0.5 port 2222',
      'Protocol major versions differ: 2 vs. 1',
      'Unable to negotiate with 10.0.0.5 port 22: no matching host key type found. Their offer: ssh-dss',
      "unable to access 'https://example.com/r.git/': Failed to connect to example.com port 443 after 3 ms",
      "unable to access 'https://10.0.0.5:8443/r.git/': gnutls_handshake() failed: An unexpected TLS packet",
      'error: RPC failed; curl 56 GnuTLS recv error (-110): The TLS connection was non-properly terminated.',
      "Warning: Permanently added '[10.0.0.5]:2222' (ED25519) to the list of known hosts.",
      'remote: SecretServer 4.2 on build-7.internal',
      'ssh: Could not resolve hostname nowhere.invalid: Name or service not known',
    ]) {
      expect(tenantGitMessage(stderr), stderr).toBe(REMOTE_UNREACHABLE_MESSAGE)
    }
    expect(tenantGitMessage("fatal: couldn't find remote ref refs/heads/x")).toBe(REMOTE_REF_MISSING_MESSAGE)
    expect(tenantGitMessage("remote: Repository not found.\nfatal: repository 'https://h/r.git/' not found")).toBe(
      REMOTE_NOT_FOUND_MESSAGE,
    )
    expect(tenantGitMessage("fatal: Authentication failed for 'https://h/r.git/'")).toBe(REMOTE_ACCESS_DENIED_MESSAGE)
    expect(tenantGitMessage('git@h: Permission denied (publickey).')).toBe(REMOTE_ACCESS_DENIED_MESSAGE)
  })
})

describe('pinned remotes (no second resolution)', () => {
  /** Runs git ls-remote with only the pin's settings, against a server on loopback that records what reaches it. */
  async function connectsTo(url: (port: number) => string, pinAddress = '127.0.0.1') {
    const seen: string[] = []
    const server = net.createServer((socket) => {
      socket.once('data', (chunk) => {
        seen.push(chunk.toString('latin1').split('\r\n')[0] ?? '')
        socket.destroy()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as net.AddressInfo).port
    try {
      const remote = url(port)
      const destination = remoteDestination(remote)
      if (!destination) throw new Error('no destination')
      const pinned = pinnedConnection(remote, { ...destination, address: pinAddress })
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: os.tmpdir(),
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_SSH_COMMAND: `ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=5 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null ${pinned.sshOptions}`,
        GIT_CONFIG_COUNT: String(pinned.config.length),
      }
      for (const [i, [key, value]] of pinned.config.entries()) {
        env[`GIT_CONFIG_KEY_${i}`] = key
        env[`GIT_CONFIG_VALUE_${i}`] = value
      }
      await new Promise<void>((resolve) => {
        execFile('git', ['ls-remote', '--', remote], { env, timeout: 15_000 }, () => resolve())
      })
      return seen
    } finally {
      server.close()
    }
  }

  it('git over http connects to the checked address, for a name that does not even resolve', async () => {
    const seen = await connectsTo((port) => `http://pinned.invalid:${port}/r.git`)
    expect(seen[0]).toMatch(/^GET \/r\.git\/info\/refs/)
  })

  it('ssh connects to the checked address, the name kept as the host key alias', async () => {
    const seen = await connectsTo((port) => `ssh://git@pinned.invalid:${port}/r.git`)
    expect(seen[0]).toMatch(/^SSH-2\.0-/)
  })

  it('pins nothing for a remote given by address, and refuses a host name ssh could misread', () => {
    const destination = { host: '203.0.113.7', port: 443, address: '203.0.113.7' }
    expect(pinnedConnection('https://203.0.113.7/r.git', destination)).toEqual({
      config: [['http.followRedirects', 'false']],
      sshOptions: '',
    })
    const odd = { host: 'a;touch x', port: 22, address: '203.0.113.7' }
    expect(() => pinnedConnection('ssh://git@x/r', odd)).toThrow(REMOTE_UNREACHABLE_MESSAGE)
  })
})

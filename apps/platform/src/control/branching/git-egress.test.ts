import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EgressPolicy } from '../../security/egress-policy'
import { fetchBranchFiles, findRemoteBranch } from './git'
import {
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

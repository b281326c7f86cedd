import { describe, expect, it } from 'vitest'
import { EgressPolicy } from '../security/egress-policy'
import { fetchBranchFiles, findRemoteBranch } from './git'
import {
  REMOTE_REFUSED_MESSAGE,
  REMOTE_UNREACHABLE_MESSAGE,
  remoteDestination,
  withoutConnectionDetails,
} from './git-egress'

const egress = new EgressPolicy({ allow: [] })
const options = { allowFileUrls: false, timeoutMs: 20_000, egress }

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

  it("reads ssh's and git's connection errors back without hosts, addresses or ports", () => {
    for (const stderr of [
      'ssh: connect to host 10.0.0.5 port 22: Connection refused; Could not read from remote repository.',
      'kex_exchange_identification: Connection closed by remote host',
      'unable to access https://example.com/r.git/: Failed to connect to example.com port 443 after 3 ms',
      'ssh: Could not resolve hostname nowhere.invalid: Name or service not known',
    ]) {
      expect(withoutConnectionDetails(stderr)).toBe(REMOTE_UNREACHABLE_MESSAGE)
    }
    expect(withoutConnectionDetails("couldn't find remote ref refs/heads/x")).toBe(
      "couldn't find remote ref refs/heads/x",
    )
  })
})

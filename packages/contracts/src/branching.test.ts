import { describe, expect, it } from 'vitest'
import { branchCostSoFar, gitBranchNameProblem, repositoryDisplayName, repositoryUrlProblem } from './branching'

describe('repository URLs', () => {
  it('accepts https, ssh, file and scp-like URLs', () => {
    for (const url of [
      'https://github.com/acme/shop.git',
      'https://gitlab.example.test/group/sub/shop',
      'ssh://git@example.test:2222/acme/shop.git',
      'git@github.com:acme/shop.git',
      'file:///srv/git/acme/shop.git',
    ]) {
      expect(repositoryUrlProblem(url), url).toBeNull()
    }
  })

  it('refuses option-like, transport and credential-carrying URLs', () => {
    for (const url of [
      '--upload-pack=touch /tmp/x',
      '-oProxyCommand=x',
      'ext::sh -c touch% /tmp/x',
      'fd::3',
      'http://example.test/acme/shop.git',
      'https://user:pw@example.test/acme/shop.git',
      'https://example.test/',
      'ssh://-oProxyCommand=x/acme/shop',
      'https://example.test/acme/shop\n.git',
    ]) {
      expect(repositoryUrlProblem(url), url).not.toBeNull()
    }
  })

  it('shows a repository as owner/repo', () => {
    expect(repositoryDisplayName('https://github.com/acme/shop.git')).toBe('acme/shop')
    expect(repositoryDisplayName('git@github.com:acme/shop.git')).toBe('acme/shop')
    expect(repositoryDisplayName('file:///srv/git/acme/shop.git')).toBe('acme/shop')
  })
})

describe('git branch names', () => {
  it('takes ordinary names and refuses option-like or malformed ones', () => {
    expect(gitBranchNameProblem('feature/login-2')).toBeNull()
    for (const name of ['', '-x', '--upload-pack=x', 'a..b', 'a b', 'a/', '.hidden', 'x.lock', 'a//b']) {
      expect(gitBranchNameProblem(name), name).not.toBeNull()
    }
  })
})

describe('branch cost', () => {
  it('counts each started day at $0.32', () => {
    const created = '2026-01-01T00:00:00Z'
    expect(branchCostSoFar(created, Date.parse('2026-01-01T01:00:00Z'))).toBe(0.32)
    expect(branchCostSoFar(created, Date.parse('2026-01-03T01:00:00Z'))).toBe(0.96)
  })
})

import { describe, expect, it } from 'vitest'
import { isPostmasterProcess, parsePidFile } from './pid-file'

describe('parsePidFile', () => {
  it('reads every line of a ready postmaster.pid', () => {
    const text =
      '4242\n/data/projects/abc/pgdata\n1763772184\n54321\n/data/projects/abc/run\n127.0.0.1\n  1234567     98304\nready   \n'
    expect(parsePidFile(text)).toEqual({
      pid: 4242,
      dataDir: '/data/projects/abc/pgdata',
      startedAt: 1763772184,
      port: 54321,
      socketDir: '/data/projects/abc/run',
      listenAddress: '127.0.0.1',
      status: 'ready',
    })
  })

  it('has no status while the postmaster is still writing the file', () => {
    expect(parsePidFile('4242\n/d\n1\n5432\n/run\n\n')?.status).toBeNull()
  })

  it('rejects empty and garbage files', () => {
    expect(parsePidFile('')).toBeNull()
    expect(parsePidFile('not a pid\n')).toBeNull()
    expect(parsePidFile('-5\n')).toBeNull()
  })
})

describe('isPostmasterProcess', () => {
  it('does not mistake a live process that is not postgres for a postmaster', async () => {
    expect(await isPostmasterProcess(process.pid, '/nowhere')).toBe(false)
  })

  it('treats a pid without a process as dead', async () => {
    expect(await isPostmasterProcess(2 ** 22 + 1, '/nowhere')).toBe(false)
  })
})

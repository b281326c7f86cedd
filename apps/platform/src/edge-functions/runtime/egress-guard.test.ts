import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { egressGuardEnv, guardAllowList, nameServers } from './egress-guard'

const dir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-egress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the egress guard settings', () => {
  it('reads name servers from resolv.conf, ignoring comments, options and zone ids', async () => {
    const file = path.join(dir, 'resolv.conf')
    writeFileSync(
      file,
      '# generated\nnameserver 10.255.255.53\noptions ndots:0\nnameserver fe80::1%eth0\nnameserver not-an-ip\nnameserver 10.255.255.53\n',
    )
    expect(await nameServers(file)).toEqual(['10.255.255.53', 'fe80::1'])
    expect(await nameServers(path.join(dir, 'missing'))).toEqual([])
  })

  it('passes addresses and ranges through and opens a name as the addresses it resolves to', async () => {
    const resolve = async (name: string) => {
      if (name === 'db.internal') return ['10.1.2.3', 'fd00::3']
      throw new Error('ENOTFOUND')
    }
    expect(await guardAllowList(['127.0.0.1', '10.0.0.0/8', 'db.internal', 'nowhere.invalid'], resolve)).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '10.1.2.3',
      'fd00::3',
    ])
  })

  it('preloads the library with the allow-list and name servers as comma lists', () => {
    expect(egressGuardEnv('/x/guard.so', ['127.0.0.1', 'fd00::3'], ['10.0.0.53'])).toEqual({
      LD_PRELOAD: '/x/guard.so',
      PGFLEET_EGRESS_ALLOW: '127.0.0.1,fd00::3',
      PGFLEET_EGRESS_DNS: '10.0.0.53',
    })
  })
})

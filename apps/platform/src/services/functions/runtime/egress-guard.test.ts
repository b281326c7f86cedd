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

  it('lets through only the operator-listed destinations the project opened, by address, range or name', async () => {
    const resolve = async (name: string) => {
      if (name === 'db.internal') return ['10.1.2.3', 'fd00::3']
      if (name === 'relay.internal') return ['10.9.9.9']
      throw new Error('ENOTFOUND')
    }
    const operator = [
      { host: '127.0.0.1', port: 11434 },
      { host: '10.1.2.3', port: 5432 },
      { host: 'relay.internal', port: 587 },
      { host: '192.168.1.1', port: 80 },
      { host: 'fd00::3', port: 25 },
    ]
    expect(await guardAllowList([], operator, resolve)).toEqual([])
    expect(await guardAllowList(['127.0.0.1', '127.0.0.0/8', '10.0.0.0/8'], [], resolve)).toEqual([])
    expect(
      await guardAllowList(['127.0.0.0/8', 'db.internal', 'relay.internal', 'nowhere.invalid'], operator, resolve),
    ).toEqual(['127.0.0.1:11434', '10.1.2.3:5432', '10.9.9.9:587', '[fd00::3]:25'])
  })

  it("preloads the library with the allow-list, this machine's addresses and name servers as comma lists", () => {
    expect(egressGuardEnv('/x/guard.so', ['127.0.0.1:80', '[fd00::3]:25'], ['10.0.0.53'], ['192.0.2.2'])).toEqual({
      LD_PRELOAD: '/x/guard.so',
      PGFLEET_EGRESS_ALLOW: '127.0.0.1:80,[fd00::3]:25',
      PGFLEET_EGRESS_DENY: '192.0.2.2',
      PGFLEET_EGRESS_DNS: '10.0.0.53',
    })
  })
})

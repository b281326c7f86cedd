import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkedAddress, EgressRefusedError, egressFetch } from './egress-fetch'
import { EgressPolicy } from './egress-policy'

/** Real HTTP on loopback: what the policy lets through, what it refuses at connection time, and redirects. */
let listed: http.Server
let unlisted: http.Server
let listedPort = 0
let unlistedPort = 0

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))

beforeAll(async () => {
  unlisted = http.createServer((_request, response) => response.end('unlisted'))
  unlistedPort = await listen(unlisted)
  listed = http.createServer((request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${unlistedPort}/` }).end()
      return
    }
    response.end('listed')
  })
  listedPort = await listen(listed)
})
afterAll(() => {
  listed.close()
  unlisted.close()
})

const policy = () => new EgressPolicy({ allow: [{ host: '127.0.0.1', port: listedPort }] })

describe('egressFetch', () => {
  it('reaches a listed destination and nothing else on the same address', async () => {
    const guarded = egressFetch(policy())
    expect(await (await guarded(`http://127.0.0.1:${listedPort}/`)).text()).toBe('listed')
    await expect(guarded(`http://127.0.0.1:${unlistedPort}/`)).rejects.toMatchObject({
      cause: expect.any(EgressRefusedError),
    })
    await expect(guarded(`http://localhost:${unlistedPort}/`)).rejects.toThrow()
  })

  it('checks every redirect again', async () => {
    const guarded = egressFetch(policy())
    await expect(guarded(`http://127.0.0.1:${listedPort}/redirect`)).rejects.toMatchObject({
      cause: expect.any(EgressRefusedError),
    })
  })

  it('connects to the address it checked, whatever the name answers next (no DNS rebinding)', async () => {
    let answers = 0
    // first answer public, then loopback: a name that turns inside after the check
    const rebinding = async () => (answers++ === 0 ? ['1.1.1.1'] : ['127.0.0.1'])
    expect(await checkedAddress(policy(), 'rebind.example', 80, rebinding)).toBe('1.1.1.1')
    await expect(checkedAddress(policy(), 'rebind.example', 80, rebinding)).rejects.toBeInstanceOf(EgressRefusedError)
  })
})

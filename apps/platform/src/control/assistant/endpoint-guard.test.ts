import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { EgressPolicy } from '../../security/egress-policy'
import { assertPublicEndpoint } from './endpoint-guard'

const policy = new EgressPolicy({ allow: [{ host: '127.0.0.1', port: 11434 }] })
const ownIpv4 =
  Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address ?? ''

describe('assertPublicEndpoint', () => {
  it('refuses loopback written as a name or an address', async () => {
    await expect(assertPublicEndpoint(policy, 'http://localhost:8080/v1')).rejects.toThrow(/private or local/)
    await expect(assertPublicEndpoint(policy, 'http://127.0.0.1:8080/v1')).rejects.toThrow(/private or local/)
    await expect(assertPublicEndpoint(policy, 'http://[::1]:8080/v1')).rejects.toThrow(/private or local/)
    await expect(assertPublicEndpoint(policy, 'http://169.254.169.254/v1')).rejects.toThrow(/private or local/)
  })

  it("refuses this machine's own address on any interface, public or not", async () => {
    expect(ownIpv4, 'this machine needs a non-loopback IPv4 address for this test').not.toBe('')
    await expect(assertPublicEndpoint(policy, `http://${ownIpv4}:8080/v1`)).rejects.toThrow(/private or local/)
  })

  it('accepts exactly what the operator lists, and public addresses', async () => {
    await expect(assertPublicEndpoint(policy, 'http://127.0.0.1:11434/v1')).resolves.toBeUndefined()
    await expect(assertPublicEndpoint(policy, 'https://1.1.1.1/v1')).resolves.toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { assertPublicEndpoint, isPrivateAddress } from './endpoint-guard'

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true))
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  )
})

describe('assertPublicEndpoint', () => {
  it('refuses loopback written as a name or an address', async () => {
    await expect(assertPublicEndpoint('http://localhost:11434/v1')).rejects.toThrow(/private or local/)
    await expect(assertPublicEndpoint('http://127.0.0.1:8080/v1')).rejects.toThrow(/private or local/)
    await expect(assertPublicEndpoint('http://[::1]:8080/v1')).rejects.toThrow(/private or local/)
  })
})

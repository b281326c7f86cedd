import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { allocatePort, canBind } from './ports'

const servers: net.Server[] = []

async function occupy(): Promise<number> {
  const server = net.createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

describe('allocatePort', () => {
  it('skips ports that are taken by a project or bound by another program', async () => {
    const bound = await occupy()
    expect(await canBind(bound)).toBe(false)
    const range = { from: bound - 1, to: bound + 1 }
    const port = await allocatePort(range, new Set([bound - 1]))
    expect(port).toBe(bound + 1)
  })

  it('fails clearly when the range is exhausted', async () => {
    const bound = await occupy()
    await expect(allocatePort({ from: bound, to: bound }, new Set())).rejects.toThrow(
      `No free port in ${bound}-${bound}`,
    )
    await expect(allocatePort({ from: 10, to: 5 }, new Set())).rejects.toThrow('Invalid port range')
  })
})

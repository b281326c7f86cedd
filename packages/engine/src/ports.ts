import net from 'node:net'

export interface PortRange {
  from: number
  to: number
}

/** Whether a listener could bind host:port right now. */
export function canBind(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/**
 * The first port of the range (inclusive) that is neither `taken` (assigned to a project, running or not)
 * nor bound by anything else on `host`.
 */
export async function allocatePort(range: PortRange, taken: Set<number>, host = '127.0.0.1'): Promise<number> {
  if (
    !Number.isInteger(range.from) ||
    !Number.isInteger(range.to) ||
    range.from < 1 ||
    range.to > 65_535 ||
    range.from > range.to
  ) {
    throw new Error(`Invalid port range ${range.from}-${range.to}`)
  }
  for (let port = range.from; port <= range.to; port++) {
    if (!taken.has(port) && (await canBind(port, host))) return port
  }
  throw new Error(`No free port in ${range.from}-${range.to} on ${host}`)
}

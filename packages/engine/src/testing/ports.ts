import type { PortRange } from '../ports'

/**
 * Ports for one test file's projects: a random block of `size` ports, so that files running at the same time (two
 * test workers, another checkout's tests) rarely pick the same block, and the port check at allocation settles the
 * rest. The blocks leave out 55400-55509 (the browser tests' projects and the start smoke) and 58000 and above
 * (fixed listeners some suites open).
 */
export function testPortRange(size = 50): PortRange {
  const blocks = [
    { from: 50_000, to: 55_399 },
    { from: 55_600, to: 57_999 },
  ].flatMap(({ from, to }) => {
    const starts: number[] = []
    for (let start = from; start + size - 1 <= to; start += size) starts.push(start)
    return starts
  })
  const start = blocks[Math.floor(Math.random() * blocks.length)] ?? 50_000
  return { from: start, to: start + size - 1 }
}

/** The same block as a PGFLEET_PORT_RANGE value. */
export function testPortRangeSetting(size = 50): string {
  const { from, to } = testPortRange(size)
  return `${from}-${to}`
}

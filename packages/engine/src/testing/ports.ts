import type { PortRange } from '../ports'

/** Test ports come in blocks of this many, starting on its multiples; a file asks for at most one block. */
const BLOCK = 100
/** The ports tests draw from, leaving out 55400-55599 (the browser tests' projects and the start smoke). */
const SPANS = [
  { from: 50_000, to: 55_399 },
  { from: 55_600, to: 57_999 },
]

/**
 * The slot of the process running this test file among those running at the same time: Vitest's worker id, or the
 * bench runner's job number. Each slot draws from its own blocks, so two test files running at once never share
 * a port range.
 */
function slot(): { index: number; count: number } | null {
  const id = Number(process.env.VITEST_POOL_ID ?? process.env.PGFLEET_TEST_PORT_SLOT)
  const count = Number(process.env.PGFLEET_TEST_PORT_SLOTS ?? 2)
  if (!Number.isInteger(id) || id < 1 || !Number.isInteger(count) || count < 1) return null
  return { index: (id - 1) % count, count }
}

/**
 * Ports for one test file's projects: a random block of `size` ports (at most 100). Files running at the same time
 * in one run draw from different blocks (their slots); a random block among the slot's keeps another checkout's
 * tests, running at the same time, away most of the time, and the port check at allocation settles the rest.
 */
export function testPortRange(size = 50): PortRange {
  if (size < 1 || size > BLOCK) throw new Error(`a test port range has 1 to ${BLOCK} ports`)
  const starts = SPANS.flatMap(({ from, to }) => {
    const found: number[] = []
    for (let start = from; start + BLOCK - 1 <= to; start += BLOCK) found.push(start)
    return found
  })
  const mine = slot()
  const candidates = mine ? starts.filter((_, i) => i % mine.count === mine.index) : starts
  const start = candidates[Math.floor(Math.random() * candidates.length)] ?? SPANS[0]?.from ?? 50_000
  return { from: start, to: start + size - 1 }
}

/** The same block as a PGFLEET_PORT_RANGE value. */
export function testPortRangeSetting(size = 50): string {
  const { from, to } = testPortRange(size)
  return `${from}-${to}`
}

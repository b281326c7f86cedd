import { defineConfig } from 'vitest/config'

const workers = Number(process.env.PGFLEET_TEST_WORKERS ?? 2)
// each worker draws its files' project ports from its own blocks (testPortRange, by VITEST_POOL_ID)
process.env.PGFLEET_TEST_PORT_SLOTS ??= String(workers)

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/*.test.ts'],
    environment: 'node',
    // integration suites start real Postgres clusters: give them time
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // two files at a time by default (much of a suite's time is spent waiting on Postgres and child processes; each
    // file's projects take a random block of its worker's ports, testPortRange); PGFLEET_TEST_WORKERS=1 runs one
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
})

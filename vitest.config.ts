import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/*.test.ts'],
    environment: 'node',
    // integration suites start real Postgres clusters: give them time, and run files one by one on 2 cores
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})

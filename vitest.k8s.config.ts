import { defineConfig } from 'vitest/config'

/** `npm run test:k8s` only: the Kubernetes driver against a real cluster with CloudNativePG (never part of npm test). */
export default defineConfig({
  test: {
    include: ['packages/engine/src/driver/kubernetes/e2e/*.k8s.ts'],
    environment: 'node',
    // pulling images, initdb, backups and recoveries on a laptop's kind cluster take minutes
    testTimeout: 20 * 60_000,
    hookTimeout: 5 * 60_000,
    fileParallelism: false,
  },
})

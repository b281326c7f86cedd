// `npm run test:k8s`: the Kubernetes driver's end-to-end suite against a real cluster with CloudNativePG (kind works:
// see docs/kubernetes.md). It checks the cluster first and stops with a clear message when none is reachable.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import {
  assertClusterReady,
  assertKubectl,
  e2eKubeConfig,
} from '../packages/engine/src/driver/kubernetes/e2e/cluster-access'

const repoRoot = path.resolve(import.meta.dirname, '..')

try {
  assertKubectl()
  console.log(`Kubernetes: ${await assertClusterReady(e2eKubeConfig())}`)
} catch (error) {
  console.error(`✖ test:k8s cannot run: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.k8s.config.ts'], { stdio: 'inherit', cwd: repoRoot })
process.exit(run.status ?? 1)

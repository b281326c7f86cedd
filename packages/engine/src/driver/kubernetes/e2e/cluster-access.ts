import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ApiextensionsV1Api, KubeConfig, VersionApi } from '../client'

/** The kubeconfig the end-to-end suite uses: KUBECONFIG, else ~/.kube/config (kind writes its context there). */
export function e2eKubeConfig(env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const file = env.KUBECONFIG || path.join(os.homedir(), '.kube', 'config')
  if (!existsSync(file)) {
    throw new Error(
      `No kubeconfig at ${file}: create a cluster first (kind create cluster --name pgfleet), or set KUBECONFIG`,
    )
  }
  const kubeConfig = new KubeConfig()
  kubeConfig.loadFromFile(file)
  if (!kubeConfig.getCurrentCluster()) throw new Error(`The kubeconfig ${file} has no current context`)
  return kubeConfig
}

function withTimeout<T>(request: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  return Promise.race([request, timeout]).finally(() => clearTimeout(timer))
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Checks, before any test runs, that the cluster answers and has CloudNativePG installed; throws a message saying
 * what is missing and how to get it.
 */
export async function assertClusterReady(kubeConfig: KubeConfig, timeoutMs = 5_000): Promise<string> {
  const server = kubeConfig.getCurrentCluster()?.server ?? '(none)'
  let gitVersion: string
  try {
    const version = await withTimeout(kubeConfig.makeApiClient(VersionApi).getCode(), timeoutMs, 'GET /version')
    gitVersion = version.gitVersion
  } catch (error) {
    throw new Error(
      `No Kubernetes cluster is reachable at ${server} (${reason(error)}). ` +
        'Start one with `kind create cluster --name pgfleet` and install CloudNativePG (see docs/kubernetes.md).',
    )
  }
  try {
    const crds = kubeConfig.makeApiClient(ApiextensionsV1Api)
    await withTimeout(crds.readCustomResourceDefinition({ name: 'clusters.postgresql.cnpg.io' }), timeoutMs, 'read CRD')
  } catch (error) {
    throw new Error(
      `CloudNativePG is not installed in the cluster at ${server} (${reason(error)}): install its operator (see docs/kubernetes.md)`,
    )
  }
  return `${server} (Kubernetes ${gitVersion})`
}

/** The suite reaches the cluster's Services through `kubectl port-forward`: kubectl must be on PATH. */
export function assertKubectl(): void {
  const run = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8', timeout: 10_000 })
  if (run.error || run.status !== 0) {
    const why = run.error?.message ?? run.stderr.trim()
    throw new Error(`kubectl is needed on PATH (the suite port-forwards to the cluster's Services): ${why}`)
  }
}

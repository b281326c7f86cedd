import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { KubeConfig } from '@pgfleet/engine/kubernetes'

/** Where Kubernetes mounts a pod's service account token. */
export const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token'

export type KubeConfigSource = { kind: 'file'; path: string } | { kind: 'in-cluster' }

/**
 * Which kubeconfig the platform uses: the one it was given, else the pod's service account when it runs in a
 * cluster, else ~/.kube/config. Throws a message that says what to set when there is none.
 */
export function kubeConfigSource(
  configuredPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): KubeConfigSource {
  if (configuredPath) {
    if (!exists(configuredPath)) {
      throw new Error(`PGFLEET_DRIVER=kubernetes: the kubeconfig ${configuredPath} does not exist`)
    }
    return { kind: 'file', path: configuredPath }
  }
  if (env.KUBERNETES_SERVICE_HOST && exists(SERVICE_ACCOUNT_TOKEN)) return { kind: 'in-cluster' }
  const home = path.join(env.HOME || os.homedir(), '.kube', 'config')
  if (exists(home)) return { kind: 'file', path: home }
  throw new Error(
    'PGFLEET_DRIVER=kubernetes needs a kubeconfig: set PGFLEET_K8S_KUBECONFIG (or KUBECONFIG), or run the platform in a Kubernetes pod with a service account',
  )
}

export function loadKubeConfig(kubeConfig: KubeConfig, source: KubeConfigSource): KubeConfig {
  try {
    if (source.kind === 'in-cluster') kubeConfig.loadFromCluster()
    else kubeConfig.loadFromFile(source.path)
  } catch (error) {
    const where = source.kind === 'file' ? source.path : "the pod's service account"
    throw new Error(
      `Could not read the kubeconfig from ${where}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (!kubeConfig.getCurrentCluster()) {
    throw new Error('The kubeconfig has no current context with a cluster: set current-context, or pick another file')
  }
  return kubeConfig
}

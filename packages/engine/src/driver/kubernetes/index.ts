// A separate entry point (`@pgfleet/engine/kubernetes`): only a platform that runs projects on Kubernetes loads
// the Kubernetes client.
export { KubeConfig } from './client'
export { DEFAULT_TIMEOUTS, type KubernetesDriverOptions, type KubernetesTimeouts } from './context'
export { KubernetesDriver } from './driver'
export {
  KubernetesApiError,
  KubernetesConflictError,
  KubernetesResourceFailedError,
  KubernetesTimeoutError,
} from './errors'
export { CrdSchemas, type ManifestProblem } from './manifests/crd-schema'
export type { ObjectStoreConfig } from './manifests/object-store'
export { type ProjectStatus, projectStatusFromCluster } from './status'

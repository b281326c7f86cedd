// the shim must run before the client loads: keep this import first
import './node20-shim'

export {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Secret,
  Watch,
} from '@kubernetes/client-node'

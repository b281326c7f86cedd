// the shim must run before the client loads: keep this import first
import './node20-shim'

export {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Secret,
  VersionApi,
  Watch,
} from '@kubernetes/client-node'

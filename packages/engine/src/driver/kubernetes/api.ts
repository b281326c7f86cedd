import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Secret,
} from './client'
import { KubernetesApiError, KubernetesConflictError, KubernetesTimeoutError } from './errors'
import { CNPG_GROUP, CNPG_VERSION } from './manifests/names'

export type CnpgPlural = 'clusters' | 'poolers' | 'backups' | 'scheduledbackups' | 'imagecatalogs'

/** The parts of a Kubernetes object the driver reads; the rest stays as the server sent it. */
export interface KubeObject {
  apiVersion?: string
  kind?: string
  metadata: {
    name: string
    namespace?: string
    labels?: Record<string, string>
    annotations?: Record<string, string>
    resourceVersion?: string
    creationTimestamp?: string
  }
  spec?: Record<string, unknown>
  status?: Record<string, unknown>
}

export interface KubeList {
  metadata?: { resourceVersion?: string }
  items: KubeObject[]
}

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }

function describe(error: unknown): string {
  if (error instanceof ApiException) {
    const body = typeof error.body === 'string' ? safeJson(error.body) : error.body
    const message = (body as { message?: unknown } | null)?.message
    return typeof message === 'string' ? message : `HTTP ${error.code}`
  }
  return error instanceof Error ? error.message : String(error)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * The Kubernetes calls the driver makes, each with a time limit, and the server's refusals turned into errors
 * that say what happened: 404 becomes null on reads and deletes (the object is already gone), 409 a
 * KubernetesConflictError. Writes ask for strict field validation, so a field the CRD does not know fails
 * instead of being dropped silently.
 */
export class KubernetesApi {
  private readonly custom: CustomObjectsApi
  private readonly core: CoreV1Api

  constructor(
    kubeConfig: KubeConfig,
    private readonly requestTimeoutMs: number,
  ) {
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi)
    this.core = kubeConfig.makeApiClient(CoreV1Api)
  }

  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new KubernetesTimeoutError(
              `The Kubernetes API did not answer within ${this.requestTimeoutMs} ms (${what})`,
            ),
          ),
        this.requestTimeoutMs,
      )
    })
    try {
      return await Promise.race([request(), timeout])
    } catch (error) {
      if (error instanceof KubernetesTimeoutError) throw error
      if (error instanceof ApiException && error.code === 409) {
        throw new KubernetesConflictError(`${what}: ${describe(error)}`)
      }
      if (error instanceof ApiException) throw new KubernetesApiError(error.code, `${what}: ${describe(error)}`)
      throw new KubernetesApiError(0, `${what}: the Kubernetes API is unreachable (${describe(error)})`)
    } finally {
      clearTimeout(timer)
    }
  }

  /** Null when there is no such object. */
  private async orNull<T>(what: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await this.call(what, request)
    } catch (error) {
      if (error instanceof KubernetesApiError && error.statusCode === 404) return null
      throw error
    }
  }

  private target(namespace: string, plural: CnpgPlural) {
    return { group: CNPG_GROUP, version: CNPG_VERSION, namespace, plural }
  }

  get(namespace: string, plural: CnpgPlural, name: string): Promise<KubeObject | null> {
    return this.orNull(`read ${plural}/${name}`, () =>
      this.custom.getNamespacedCustomObject({ ...this.target(namespace, plural), name }),
    )
  }

  list(namespace: string, plural: CnpgPlural, labelSelector?: string): Promise<KubeList> {
    return this.call(`list ${plural}`, () =>
      this.custom.listNamespacedCustomObject({ ...this.target(namespace, plural), labelSelector }),
    )
  }

  create(namespace: string, plural: CnpgPlural, body: object): Promise<KubeObject> {
    const name = (body as KubeObject).metadata?.name
    return this.call(`create ${plural}/${name}`, () =>
      this.custom.createNamespacedCustomObject({ ...this.target(namespace, plural), body, fieldValidation: 'Strict' }),
    )
  }

  /** RFC 7386: objects merge, `null` deletes a key. */
  mergePatch(namespace: string, plural: CnpgPlural, name: string, body: object): Promise<KubeObject> {
    return this.call(`update ${plural}/${name}`, () =>
      this.custom.patchNamespacedCustomObject(
        { ...this.target(namespace, plural), name, body, fieldValidation: 'Strict' },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
    )
  }

  /** RFC 6902: a failing `test` operation makes the whole patch fail (the server answers 422 or 409). */
  jsonPatch(
    namespace: string,
    plural: CnpgPlural,
    name: string,
    operations: JsonPatchOperation[],
  ): Promise<KubeObject> {
    return this.call(`update ${plural}/${name}`, () =>
      this.custom.patchNamespacedCustomObject(
        { ...this.target(namespace, plural), name, body: operations, fieldValidation: 'Strict' },
        setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
      ),
    )
  }

  /** A cluster-scoped custom object (e.g. a ClusterImageCatalog); null when there is none. */
  getClusterScoped(apiVersion: string, plural: string, name: string): Promise<KubeObject | null> {
    const [group = '', version = ''] = apiVersion.split('/')
    return this.orNull(`read ${plural}/${name}`, () =>
      this.custom.getClusterCustomObject({ group, version, plural, name }),
    )
  }

  /** False when the object was already gone. */
  async delete(namespace: string, plural: CnpgPlural, name: string): Promise<boolean> {
    const deleted = await this.orNull(`delete ${plural}/${name}`, () =>
      this.custom.deleteNamespacedCustomObject({ ...this.target(namespace, plural), name }),
    )
    return deleted !== null
  }

  readSecret(namespace: string, name: string): Promise<{ type?: string; data?: Record<string, string> } | null> {
    return this.orNull(`read secret ${name}`, () => this.core.readNamespacedSecret({ namespace, name }))
  }

  /** Creates the Secret, or replaces its data when it exists (a retried create brings the same values). */
  async putSecret(namespace: string, body: V1Secret & { metadata: { name: string } }): Promise<void> {
    const name = body.metadata.name
    try {
      await this.call(`create secret ${name}`, () => this.core.createNamespacedSecret({ namespace, body }))
    } catch (error) {
      if (!(error instanceof KubernetesConflictError)) throw error
      await this.call(`replace secret ${name}`, () => this.core.replaceNamespacedSecret({ namespace, name, body }))
    }
  }

  async deleteSecret(namespace: string, name: string): Promise<void> {
    await this.orNull(`delete secret ${name}`, () => this.core.deleteNamespacedSecret({ namespace, name }))
  }

  /** Creates the namespace unless it exists (one per organization, when the platform is set up that way). */
  async ensureNamespace(name: string): Promise<void> {
    if (await this.orNull(`read namespace ${name}`, () => this.core.readNamespace({ name }))) return
    try {
      await this.call(`create namespace ${name}`, () =>
        this.core.createNamespace({
          body: { metadata: { name, labels: { 'app.kubernetes.io/managed-by': 'pgfleet' } } },
        }),
      )
    } catch (error) {
      // another platform replica created it in between
      if (!(error instanceof KubernetesConflictError)) throw error
    }
  }
}

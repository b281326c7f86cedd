import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KubeObject } from '../api'
import { KubeConfig } from '../client'
import type { CrdSchemas } from '../manifests/crd-schema'
import { applyJsonPatch, applyMergePatch, JsonPatchTestFailed } from './json-patch'

/**
 * A stand-in for the Kubernetes API server at the HTTP level, for the paths the driver uses: CloudNativePG's custom
 * resources (namespaced, and the cluster-scoped ClusterImageCatalog), Secrets and Namespaces. Its answers follow the
 * API conventions in Kubernetes' documentation ("API Concepts": lists with `metadata.resourceVersion`, `?watch`
 * streams of one `{"type","object"}` JSON document per line, resuming after a `resourceVersion`; errors as a
 * `Status` object with `reason` and `code`; merge and JSON patches by Content-Type; strict field validation as a
 * 422 `Invalid`), and the objects' shapes follow CloudNativePG's documentation and CRDs. With `schemas`, every
 * CloudNativePG object written is checked against the vendored CRDs, as the API server does.
 */

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED'

export interface StoredEvent {
  type: EventType
  plural: string
  namespace: string
  object: KubeObject
  resourceVersion: number
}

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  contentType: string | undefined
  body: unknown
}

export interface Fault {
  method?: string
  path: RegExp
  /** Answer with this status (a Status object), instead of serving the request. */
  status?: number
  /** Hold the answer this long first. */
  delayMs?: number
  /** How many requests it applies to; default 1. */
  times?: number
}

const KINDS: Record<string, { kind: string; apiVersion: string }> = {
  clusters: { kind: 'Cluster', apiVersion: 'postgresql.cnpg.io/v1' },
  poolers: { kind: 'Pooler', apiVersion: 'postgresql.cnpg.io/v1' },
  backups: { kind: 'Backup', apiVersion: 'postgresql.cnpg.io/v1' },
  scheduledbackups: { kind: 'ScheduledBackup', apiVersion: 'postgresql.cnpg.io/v1' },
  imagecatalogs: { kind: 'ImageCatalog', apiVersion: 'postgresql.cnpg.io/v1' },
  clusterimagecatalogs: { kind: 'ClusterImageCatalog', apiVersion: 'postgresql.cnpg.io/v1' },
  secrets: { kind: 'Secret', apiVersion: 'v1' },
  namespaces: { kind: 'Namespace', apiVersion: 'v1' },
}

const REASONS: Record<number, string> = {
  404: 'NotFound',
  409: 'AlreadyExists',
  422: 'Invalid',
  500: 'InternalError',
  503: 'ServiceUnavailable',
}

interface Route {
  plural: string
  namespace: string
  name?: string
}

function route(path: string): Route | null {
  let m = /^\/apis\/postgresql\.cnpg\.io\/v1\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(path)
  if (m?.[1] && m[2]) return { namespace: m[1], plural: m[2], name: m[3] }
  m = /^\/apis\/postgresql\.cnpg\.io\/v1\/(clusterimagecatalogs)(?:\/([^/]+))?$/.exec(path)
  if (m?.[1]) return { namespace: '', plural: m[1], name: m[2] }
  m = /^\/api\/v1\/namespaces\/([^/]+)\/secrets(?:\/([^/]+))?$/.exec(path)
  if (m?.[1]) return { namespace: m[1], plural: 'secrets', name: m[2] }
  m = /^\/api\/v1\/namespaces(?:\/([^/]+))?$/.exec(path)
  if (m) return { namespace: '', plural: 'namespaces', name: m[1] }
  return null
}

/** The API server stores a Secret's `stringData` base64-encoded in `data`, and answers with `data` only. */
function encodeStringData(secret: KubeObject): KubeObject {
  const { stringData, ...rest } = secret as KubeObject & { stringData?: Record<string, string> }
  if (!stringData) return secret
  const data = { ...((rest as { data?: Record<string, string> }).data ?? {}) }
  for (const [key, value] of Object.entries(stringData)) data[key] = Buffer.from(value).toString('base64')
  return { ...rest, data } as KubeObject
}

export class KubernetesApiDouble {
  private server: Server | null = null
  private readonly objects = new Map<string, KubeObject>()
  private readonly history: StoredEvent[] = []
  private readonly watchers = new Set<{ route: Route; name?: string; send: (event: StoredEvent) => void }>()
  private readonly listeners: ((event: StoredEvent) => void)[] = []
  private readonly faults: Fault[] = []
  private version = 1000
  readonly requests: RecordedRequest[] = []

  constructor(private readonly schemas?: CrdSchemas) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => this.status(res, 500, String(error)))
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    for (const watcher of this.watchers) watcher.send = () => {}
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }

  /** A KubeConfig pointing at the double, as a kubeconfig file with a token would. */
  kubeConfig(server: string): KubeConfig {
    const kc = new KubeConfig()
    kc.loadFromOptions({
      clusters: [{ name: 'double', server, skipTLSVerify: true }],
      users: [{ name: 'pgfleet', token: 'test-token' }],
      contexts: [{ name: 'double', cluster: 'double', user: 'pgfleet', namespace: 'default' }],
      currentContext: 'double',
    })
    return kc
  }

  /** Runs for every change, as an operator's informer would see it (the fake operator reacts through this). */
  onChange(listener: (event: StoredEvent) => void): void {
    this.listeners.push(listener)
  }

  addFault(fault: Fault): void {
    this.faults.push({ times: 1, ...fault })
  }

  get(plural: string, namespace: string, name: string): KubeObject | undefined {
    return this.objects.get(`${plural}/${namespace}/${name}`)
  }

  all(plural: string): KubeObject[] {
    return [...this.objects.entries()].filter(([key]) => key.startsWith(`${plural}/`)).map(([, o]) => o)
  }

  /** Writes an object as a controller would (no validation), e.g. the operator's status updates. */
  put(plural: string, namespace: string, object: KubeObject): KubeObject {
    const key = `${plural}/${namespace}/${object.metadata.name}`
    const type: EventType = this.objects.has(key) ? 'MODIFIED' : 'ADDED'
    const stored = this.stamp(plural, namespace, plural === 'secrets' ? encodeStringData(object) : object)
    this.objects.set(key, stored)
    this.emit({ type, plural, namespace, object: stored, resourceVersion: this.version })
    return stored
  }

  remove(plural: string, namespace: string, name: string): boolean {
    const key = `${plural}/${namespace}/${name}`
    const object = this.objects.get(key)
    if (!object) return false
    this.objects.delete(key)
    this.version++
    const gone = { ...object, metadata: { ...object.metadata, resourceVersion: String(this.version) } }
    this.emit({ type: 'DELETED', plural, namespace, object: gone, resourceVersion: this.version })
    return true
  }

  private stamp(plural: string, namespace: string, object: KubeObject): KubeObject {
    this.version++
    const previous = this.objects.get(`${plural}/${namespace}/${object.metadata.name}`)
    return {
      ...KINDS[plural],
      ...object,
      metadata: {
        ...object.metadata,
        ...(namespace ? { namespace } : {}),
        uid: (previous?.metadata as { uid?: string } | undefined)?.uid ?? randomUUID(),
        creationTimestamp: previous?.metadata.creationTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        resourceVersion: String(this.version),
      } as KubeObject['metadata'],
    }
  }

  private emit(event: StoredEvent): void {
    this.history.push(event)
    for (const watcher of this.watchers) {
      if (watcher.route.plural !== event.plural || watcher.route.namespace !== event.namespace) continue
      if (watcher.name && watcher.name !== event.object.metadata.name) continue
      watcher.send(event)
    }
    for (const listener of this.listeners) listener(event)
  }

  private status(res: ServerResponse, code: number, message: string, name?: string): void {
    if (res.headersSent) return void res.end()
    res.writeHead(code, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message,
        reason: REASONS[code] ?? 'Unknown',
        details: name ? { name } : {},
        code,
      }),
    )
  }

  private json(res: ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double')
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const body = text ? JSON.parse(text) : undefined
    const method = req.method ?? 'GET'
    this.requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body,
    })

    const fault = this.faults.find(
      (f) => (f.times ?? 0) > 0 && (!f.method || f.method === method) && f.path.test(url.pathname),
    )
    if (fault) {
      fault.times = (fault.times ?? 1) - 1
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
      if (fault.status) return this.status(res, fault.status, `injected ${fault.status}`)
    }

    const target = route(url.pathname)
    if (!target) return this.status(res, 404, `the server could not find the requested resource (${url.pathname})`)
    const { plural, namespace, name } = target
    const key = (n: string) => `${plural}/${namespace}/${n}`
    const watching = url.searchParams.get('watch')
    if (method === 'GET' && !name && (watching === 'true' || watching === '1')) return this.watch(req, res, target, url)
    if (method === 'GET' && !name) {
      const selector = url.searchParams.get('labelSelector')
      const items = [...this.objects.entries()]
        .filter(([k]) => k.startsWith(`${plural}/${namespace}/`))
        .map(([, object]) => object)
        .filter((object) => matchesLabels(object, selector))
      const kind = KINDS[plural] ?? { kind: 'Unknown', apiVersion: 'v1' }
      return this.json(res, 200, {
        ...kind,
        kind: `${kind.kind}List`,
        metadata: { resourceVersion: String(this.version) },
        items,
      })
    }
    if (method === 'POST' && !name) {
      const object = body as KubeObject
      if (this.objects.has(key(object.metadata.name))) {
        return this.status(res, 409, `${plural} "${object.metadata.name}" already exists`, object.metadata.name)
      }
      const invalid = this.invalid(object)
      if (invalid) return this.status(res, 422, invalid, object.metadata.name)
      return this.json(res, 201, this.put(plural, namespace, object))
    }
    if (!name) return this.status(res, 405, `method ${method} not allowed`)
    const existing = this.objects.get(key(name))
    if (!existing) return this.status(res, 404, `${plural} "${name}" not found`, name)
    if (method === 'GET') return this.json(res, 200, existing)
    if (method === 'DELETE') {
      this.remove(plural, namespace, name)
      return this.json(res, 200, {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Success',
        details: { name },
      })
    }
    if (method === 'PUT') return this.json(res, 200, this.put(plural, namespace, body as KubeObject))
    if (method === 'PATCH') {
      const type = req.headers['content-type'] ?? ''
      let patched: KubeObject
      try {
        if (type.startsWith('application/merge-patch+json')) patched = applyMergePatch(existing, body) as KubeObject
        else if (type.startsWith('application/json-patch+json')) patched = applyJsonPatch(existing, body) as KubeObject
        else return this.status(res, 415, `the body of the request was in an unknown format: ${type}`)
      } catch (error) {
        // the API server answers a failed JSON patch (a test operation included) with 422
        const message = error instanceof JsonPatchTestFailed ? error.message : `invalid patch: ${String(error)}`
        return this.status(res, 422, message, name)
      }
      const invalid = this.invalid(patched)
      if (invalid) return this.status(res, 422, invalid, name)
      return this.json(res, 200, this.put(plural, namespace, patched))
    }
    return this.status(res, 405, `method ${method} not allowed`)
  }

  private invalid(object: KubeObject): string | null {
    if (!this.schemas || !object.apiVersion?.startsWith('postgresql.cnpg.io/')) return null
    const { status: _status, ...rest } = object
    const problems = this.schemas.validate({
      ...rest,
      metadata: {
        name: object.metadata.name,
        labels: object.metadata.labels,
        annotations: object.metadata.annotations,
      },
    })
    if (problems.length === 0) return null
    return `${object.kind} "${object.metadata.name}" is invalid: ${problems.map((p) => `${p.path}: ${p.message}`).join(', ')}`
  }

  private watch(req: IncomingMessage, res: ServerResponse, target: Route, url: URL): void {
    const fieldName = /^metadata\.name=(.+)$/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1]
    const since = Number(url.searchParams.get('resourceVersion') ?? this.version)
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' })
    const watcher = {
      route: target,
      name: fieldName,
      send: (event: StoredEvent) => {
        res.write(`${JSON.stringify({ type: event.type, object: event.object })}\n`)
      },
    }
    // events after the version the client has seen first, then live ones
    for (const event of this.history) {
      if (event.resourceVersion <= since || event.plural !== target.plural || event.namespace !== target.namespace)
        continue
      if (fieldName && event.object.metadata.name !== fieldName) continue
      watcher.send(event)
    }
    this.watchers.add(watcher)
    req.on('close', () => this.watchers.delete(watcher))
  }
}

function matchesLabels(object: KubeObject, selector: string | null): boolean {
  if (!selector) return true
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=')
    return key !== undefined && object.metadata.labels?.[key] === value
  })
}

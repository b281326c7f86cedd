import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CrdSchemas } from '@pgfleet/engine/kubernetes'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { z } from 'zod'
import { loadConfig } from '../config'
import { CHART_DIR, type RenderedObject, renderChart } from './chart-render'

const name = z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/)
const metadata = z.object({ name, namespace: name.optional(), labels: z.record(z.string(), z.string()).optional() })
const labels = z.record(z.string(), z.string())
const envVar = z.strictObject({
  name: z.string().regex(/^[A-Z_][A-Z0-9_]*$/),
  value: z.string().optional(),
  valueFrom: z.strictObject({ secretKeyRef: z.strictObject({ name, key: z.string() }) }).optional(),
})
const probe = z.object({ tcpSocket: z.object({ port: z.union([z.string(), z.number()]) }) })

/** The core kinds the chart uses, checked for the structure the API server needs (closed where pgfleet writes). */
const CORE_SCHEMAS: Record<string, z.ZodType> = {
  'v1/ServiceAccount': z.strictObject({ apiVersion: z.literal('v1'), kind: z.literal('ServiceAccount'), metadata }),
  'v1/Secret': z.strictObject({
    apiVersion: z.literal('v1'),
    kind: z.literal('Secret'),
    metadata,
    type: z.string(),
    stringData: z.record(z.string(), z.string()),
  }),
  'v1/Service': z.strictObject({
    apiVersion: z.literal('v1'),
    kind: z.literal('Service'),
    metadata,
    spec: z.strictObject({
      type: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer']),
      selector: labels,
      ports: z.array(
        z.strictObject({ name: z.string(), port: z.number().int(), targetPort: z.union([z.string(), z.number()]) }),
      ),
    }),
  }),
  'rbac.authorization.k8s.io/v1/Role': z.strictObject({
    apiVersion: z.literal('rbac.authorization.k8s.io/v1'),
    kind: z.literal('Role'),
    metadata,
    rules: z.array(
      z.strictObject({ apiGroups: z.array(z.string()), resources: z.array(z.string()), verbs: z.array(z.string()) }),
    ),
  }),
  'rbac.authorization.k8s.io/v1/RoleBinding': z.strictObject({
    apiVersion: z.literal('rbac.authorization.k8s.io/v1'),
    kind: z.literal('RoleBinding'),
    metadata,
    roleRef: z.strictObject({ apiGroup: z.literal('rbac.authorization.k8s.io'), kind: z.literal('Role'), name }),
    subjects: z.array(z.strictObject({ kind: z.literal('ServiceAccount'), name, namespace: name })),
  }),
  'apps/v1/Deployment': z.strictObject({
    apiVersion: z.literal('apps/v1'),
    kind: z.literal('Deployment'),
    metadata,
    spec: z.strictObject({
      replicas: z.number().int().min(1),
      selector: z.strictObject({ matchLabels: labels }),
      template: z.strictObject({
        metadata: z.strictObject({ labels }),
        spec: z.strictObject({
          serviceAccountName: name,
          securityContext: z.record(z.string(), z.unknown()),
          containers: z.array(
            z.strictObject({
              name,
              image: z.string().regex(/^[^\s:]+:[^\s:]+$/),
              imagePullPolicy: z.enum(['Always', 'IfNotPresent', 'Never']),
              ports: z.array(z.strictObject({ name: z.string(), containerPort: z.number().int() })),
              env: z.array(envVar),
              readinessProbe: probe,
              livenessProbe: probe,
              resources: z.strictObject({
                requests: z.strictObject({ cpu: z.string(), memory: z.string() }),
                limits: z.strictObject({ cpu: z.string(), memory: z.string() }),
              }),
              volumeMounts: z.array(z.strictObject({ name, mountPath: z.string() })),
            }),
          ),
          volumes: z.array(z.strictObject({ name, emptyDir: z.strictObject({}) })),
        }),
      }),
    }),
  }),
}

let crds: CrdSchemas
beforeAll(() => {
  crds = new CrdSchemas()
})

const find = (objects: RenderedObject[], kind: string) =>
  objects.filter((o) => o.object.kind === kind).map((o) => o.object)

describe.each([
  ['default values', []],
  ['dev values (MinIO)', ['values-dev.yaml']],
])('the Helm chart with %s', (_label, valuesFiles) => {
  let objects: RenderedObject[]
  beforeAll(() => {
    objects = renderChart({ releaseName: 'pgfleet', namespace: 'pgfleet', valuesFiles })
  })

  it('renders every kind it should, in the release namespace', () => {
    expect(objects.map((o) => o.object.kind).sort()).toEqual([
      'Cluster',
      'Deployment',
      'ImageCatalog',
      'Role',
      'RoleBinding',
      'Secret',
      'Service',
      'ServiceAccount',
    ])
    for (const { object } of objects) expect(object.metadata?.namespace).toBe('pgfleet')
  })

  it('renders objects that validate: CloudNativePG kinds against the vendored CRDs, core kinds structurally', () => {
    for (const { template, object } of objects) {
      const key = `${object.apiVersion}/${object.kind}`
      if (object.apiVersion?.startsWith('postgresql.cnpg.io/')) {
        expect({ template, problems: crds.validate(object) }).toEqual({ template, problems: [] })
        continue
      }
      const schema = CORE_SCHEMAS[key]
      expect(schema, `${template}: no check for ${key}`).toBeDefined()
      const result = schema?.safeParse(object)
      expect({ template, issues: result?.error?.issues ?? [] }).toEqual({ template, issues: [] })
    }
  })

  it('wires the pieces together: selectors, RBAC, catalog, secrets and the platform’s settings', () => {
    const [deployment] = find(objects, 'Deployment') as never as [
      {
        spec: {
          selector: { matchLabels: object }
          template: {
            metadata: { labels: object }
            spec: { serviceAccountName: string; containers: { env: z.infer<typeof envVar>[] }[] }
          }
        }
      },
    ]
    const [service] = find(objects, 'Service') as never as [{ spec: { selector: object } }]
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels)
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector)
    const [account] = find(objects, 'ServiceAccount')
    expect(deployment.spec.template.spec.serviceAccountName).toBe(account?.metadata?.name)
    const [binding] = find(objects, 'RoleBinding') as never as [
      { roleRef: { name: string }; subjects: { name: string }[] },
    ]
    expect(binding.roleRef.name).toBe(find(objects, 'Role')[0]?.metadata?.name)
    expect(binding.subjects[0]?.name).toBe(account?.metadata?.name)
    // the Role reaches CloudNativePG's resources and Secrets only
    const [role] = find(objects, 'Role') as never as [{ rules: { apiGroups: string[]; resources: string[] }[] }]
    for (const rule of role.rules) {
      const allowed =
        rule.apiGroups.every((g) => g === 'postgresql.cnpg.io') || rule.resources.every((r) => r === 'secrets')
      expect(allowed).toBe(true)
    }

    const env = Object.fromEntries(
      (deployment.spec.template.spec.containers[0]?.env ?? []).map((v) => [
        v.name,
        v.value ?? 'postgres://from-secret',
      ]),
    )
    const config = loadConfig(env)
    expect(config.driver).toBe('kubernetes')
    expect(config.kubernetes.namespace).toBe('pgfleet')
    expect(config.kubernetes.imageCatalog).toEqual({
      kind: 'ImageCatalog',
      name: find(objects, 'ImageCatalog')[0]?.metadata?.name,
    })
    expect(config.kubernetes.backup?.secretName).toBe(find(objects, 'Secret')[0]?.metadata?.name)
    // the control plane's URI comes from the Secret CloudNativePG makes for its Cluster
    const databaseUrl = deployment.spec.template.spec.containers[0]?.env.find((v) => v.name === 'DATABASE_URL')
    expect(databaseUrl?.valueFrom?.secretKeyRef).toEqual({
      name: `${find(objects, 'Cluster')[0]?.metadata?.name}-app`,
      key: 'uri',
    })
  })
})

describe('the chart renderer', () => {
  function chartWith(template: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-'))
    mkdirSync(path.join(dir, 'templates'))
    writeFileSync(path.join(dir, 'Chart.yaml'), readFileSync(path.join(CHART_DIR, 'Chart.yaml')))
    writeFileSync(path.join(dir, 'values.yaml'), 'a: { b: 1 }\n')
    writeFileSync(path.join(dir, 'templates', 't.yaml'), template)
    return dir
  }

  it('refuses template logic it does not implement, and unknown values', () => {
    const options = { releaseName: 'r', namespace: 'n' }
    expect(() => renderChart(options, chartWith('x: {{ if .Values.a.b }}1{{ end }}\n'))).toThrow(
      /unsupported template syntax/,
    )
    expect(() => renderChart(options, chartWith('x: {{ .Values.a.b | quote }}\n'))).toThrow(
      /unsupported template syntax/,
    )
    expect(() => renderChart(options, chartWith('x: {{ .Values.a.c }}\n'))).toThrow(/no value \.Values\.a\.c/)
    expect(() => renderChart(options, chartWith('x: {{ .Values.a }}\n'))).toThrow(/\.Values\.a is not a single value/)
    expect(renderChart(options, chartWith('x: {{ .Values.a.b }}\ny: {{ .Release.Name }}\n'))[0]?.object).toEqual({
      x: 1,
      y: 'r',
    })
  })
})

describe('the dev MinIO manifest', () => {
  it('parses, and serves the endpoint and credentials the dev values name', () => {
    const text = readFileSync(path.resolve(CHART_DIR, '../../dev/minio.yaml'), 'utf8')
    const objects = parseAllDocuments(text).map(
      (d) => d.toJS() as { kind: string; metadata: { name: string; namespace?: string } },
    )
    expect(objects.map((o) => o.kind)).toEqual(['Namespace', 'Deployment', 'Service', 'Job'])
    const dev = readFileSync(path.join(CHART_DIR, 'values-dev.yaml'), 'utf8')
    const service = objects.find((o) => o.kind === 'Service')
    expect(dev).toContain(`http://${service?.metadata.name}.${service?.metadata.namespace}.svc:9000`)
    expect(text).toContain('pgfleet-dev-secret')
    expect(dev).toContain('secretAccessKey: pgfleet-dev-secret')
  })
})

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CrdSchemas } from '@pgfleet/engine/kubernetes'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseAllDocuments } from 'yaml'
import { z } from 'zod'
import { loadConfig } from '../../config'
import { CHART_DIR, type RenderedObject, renderChart } from './chart-render'

const name = z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/)
const metadata = z.object({ name, namespace: name.optional(), labels: z.record(z.string(), z.string()).optional() })
/** Cluster-scoped objects have no namespace. */
const clusterMetadata = z.strictObject({ name, labels: z.record(z.string(), z.string()).optional() })
const rbacRules = z.array(
  z.strictObject({ apiGroups: z.array(z.string()), resources: z.array(z.string()), verbs: z.array(z.string()) }),
)
const serviceAccountSubjects = z.array(z.strictObject({ kind: z.literal('ServiceAccount'), name, namespace: name }))
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
    rules: rbacRules,
  }),
  'rbac.authorization.k8s.io/v1/RoleBinding': z.strictObject({
    apiVersion: z.literal('rbac.authorization.k8s.io/v1'),
    kind: z.literal('RoleBinding'),
    metadata,
    roleRef: z.strictObject({ apiGroup: z.literal('rbac.authorization.k8s.io'), kind: z.literal('Role'), name }),
    subjects: serviceAccountSubjects,
  }),
  'rbac.authorization.k8s.io/v1/ClusterRole': z.strictObject({
    apiVersion: z.literal('rbac.authorization.k8s.io/v1'),
    kind: z.literal('ClusterRole'),
    metadata: clusterMetadata,
    rules: rbacRules,
  }),
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': z.strictObject({
    apiVersion: z.literal('rbac.authorization.k8s.io/v1'),
    kind: z.literal('ClusterRoleBinding'),
    metadata: clusterMetadata,
    roleRef: z.strictObject({
      apiGroup: z.literal('rbac.authorization.k8s.io'),
      kind: z.literal('ClusterRole'),
      name,
    }),
    subjects: serviceAccountSubjects,
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
              command: z.array(z.string()).min(1),
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

interface ChartMode {
  valuesFiles: string[]
  perOrganization: boolean
}

/** Kinds with no namespace. */
const CLUSTER_SCOPED = new Set(['ClusterRole', 'ClusterRoleBinding', 'ClusterImageCatalog'])

/**
 * The vendored CRDs hold ImageCatalog's; CloudNativePG's ClusterImageCatalog has the same spec with no namespace,
 * so it is checked against ImageCatalog's schema under that kind.
 */
function validateCnpg(object: RenderedObject['object']) {
  if (object.kind !== 'ClusterImageCatalog') return crds.validate(object)
  return crds.validate({ ...object, kind: 'ImageCatalog', metadata: { ...object.metadata, namespace: 'any' } })
}

describe.each<[string, ChartMode]>([
  ['default values', { valuesFiles: [], perOrganization: false }],
  ['dev values (MinIO)', { valuesFiles: ['values-dev.yaml'], perOrganization: false }],
  ['a namespace per organization', { valuesFiles: ['values-per-organization.yaml'], perOrganization: true }],
  [
    'a namespace per organization, dev values',
    { valuesFiles: ['values-dev.yaml', 'values-per-organization.yaml'], perOrganization: true },
  ],
])('the Helm chart with %s', (_label, { valuesFiles, perOrganization }) => {
  let objects: RenderedObject[]
  beforeAll(() => {
    objects = renderChart({ releaseName: 'pgfleet', namespace: 'pgfleet', valuesFiles })
  })
  const roleKind = perOrganization ? 'ClusterRole' : 'Role'
  const bindingKind = perOrganization ? 'ClusterRoleBinding' : 'RoleBinding'
  const catalogKind = perOrganization ? 'ClusterImageCatalog' : 'ImageCatalog'

  it('renders every kind it should, namespaced ones in the release namespace', () => {
    expect(objects.map((o) => o.object.kind).sort()).toEqual(
      ['Cluster', 'Deployment', catalogKind, roleKind, bindingKind, 'Secret', 'Service', 'ServiceAccount'].sort(),
    )
    for (const { object } of objects) {
      expect(object.metadata?.namespace).toBe(CLUSTER_SCOPED.has(object.kind ?? '') ? undefined : 'pgfleet')
    }
  })

  it('renders objects that validate: CloudNativePG kinds against the vendored CRDs, core kinds structurally', () => {
    for (const { template, object } of objects) {
      const key = `${object.apiVersion}/${object.kind}`
      if (object.apiVersion?.startsWith('postgresql.cnpg.io/')) {
        expect({ template, problems: validateCnpg(object) }).toEqual({ template, problems: [] })
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
    const [binding] = find(objects, bindingKind) as never as [
      { roleRef: { kind: string; name: string }; subjects: { name: string; namespace: string }[] },
    ]
    expect(binding.roleRef).toMatchObject({ kind: roleKind, name: find(objects, roleKind)[0]?.metadata?.name })
    expect(binding.subjects[0]).toEqual({ kind: 'ServiceAccount', name: account?.metadata?.name, namespace: 'pgfleet' })
    // CloudNativePG's resources and Secrets only; with a namespace per organization, creating namespaces too
    const [role] = find(objects, roleKind) as never as [
      { rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[] },
    ]
    for (const rule of role.rules) {
      const allowed =
        rule.apiGroups.every((g) => g === 'postgresql.cnpg.io') ||
        rule.resources.every((r) => r === 'secrets') ||
        (perOrganization && rule.resources.every((r) => r === 'namespaces') && !rule.verbs.includes('delete'))
      expect(allowed, JSON.stringify(rule)).toBe(true)
      expect(rule.resources).not.toContain('pods')
    }
    const canCreateNamespaces = role.rules.some((r) => r.resources.includes('namespaces') && r.verbs.includes('create'))
    expect(canCreateNamespaces).toBe(perOrganization)
    const catalogRule = role.rules.find((r) => r.resources.some((resource) => resource.endsWith('imagecatalogs')))
    expect(catalogRule?.resources).toEqual([perOrganization ? 'clusterimagecatalogs' : 'imagecatalogs'])

    const env = Object.fromEntries(
      (deployment.spec.template.spec.containers[0]?.env ?? []).map((v) => [
        v.name,
        v.value ?? 'postgres://from-secret',
      ]),
    )
    const config = loadConfig(env)
    expect(config.driver).toBe('kubernetes')
    expect(config.kubernetes.namespace).toBe(perOrganization ? undefined : 'pgfleet')
    expect(config.kubernetes.namespacePrefix).toBe('pgfleet-org-')
    const [catalog] = find(objects, catalogKind)
    expect(config.kubernetes.imageCatalog).toEqual({ kind: catalogKind, name: catalog?.metadata?.name })
    const [cluster] = find(objects, 'Cluster') as never as [
      { spec: { imageCatalogRef: { kind: string; name: string } } },
    ]
    expect(cluster.spec.imageCatalogRef).toMatchObject(config.kubernetes.imageCatalog)
    expect(config.kubernetes.backup?.secretName).toBe(find(objects, 'Secret')[0]?.metadata?.name)
    // each organization's namespace gets a copy of the object store's Secret, from the release's namespace
    expect(config.kubernetes.backup?.secretNamespace).toBe(perOrganization ? 'pgfleet' : undefined)
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
    writeFileSync(path.join(dir, 'values.yaml'), 'a: { b: 1, off: "" }\n')
    writeFileSync(path.join(dir, 'templates', 't.yaml'), template)
    return dir
  }

  it('keeps or drops whole-line if/else blocks by Helm’s truth rule, nested too', () => {
    const options = { releaseName: 'r', namespace: 'n' }
    const template = [
      '{{- if .Values.a.b }}',
      'x: 1',
      '{{- if .Values.a.off }}',
      'y: 1',
      '{{- else }}',
      'y: 2',
      '{{- end }}',
      '{{- else }}',
      'x: 2',
      '{{- end }}',
      '',
    ].join('\n')
    expect(renderChart(options, chartWith(template))[0]?.object).toEqual({ x: 1, y: 2 })
    expect(() => renderChart(options, chartWith('{{- if .Values.a.b }}\nx: 1\n'))).toThrow(/an if without its end/)
    expect(() => renderChart(options, chartWith('x: 1\n{{- end }}\n'))).toThrow(/without an if/)
    expect(() => renderChart(options, chartWith('{{- if not .Values.a.b }}\nx: 1\n{{- end }}\n'))).toThrow(
      /unsupported template syntax/,
    )
  })

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

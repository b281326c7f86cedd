import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { parse } from 'yaml'

/** Where the vendored CloudNativePG CRDs live (kept verbatim; see its README). */
export const CNPG_CRD_DIR = path.resolve(import.meta.dirname, '../../../../vendor/cloudnative-pg/crd')

type JsonSchema = Record<string, unknown>

interface CrdVersion {
  name: string
  served: boolean
  storage: boolean
  schema?: { openAPIV3Schema?: JsonSchema }
}

interface CrdDocument {
  kind: string
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] }
}

export interface ManifestProblem {
  path: string
  message: string
}

/**
 * The API server prunes (or, with strict field validation, rejects) fields a structural schema does not declare,
 * unless the schema says `x-kubernetes-preserve-unknown-fields`. JSON Schema allows them by default, so every object
 * schema that lists its properties is closed here: a misspelt field in a manifest then fails instead of vanishing.
 */
function closeObjectSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjectSchemas)
  if (!node || typeof node !== 'object') return node
  const schema: JsonSchema = {}
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    // `properties` maps field names to schemas: its keys are not keywords, its values are
    if (key === 'properties' && value && typeof value === 'object') {
      schema[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, closeObjectSchemas(sub)]))
    } else {
      schema[key] = closeObjectSchemas(value)
    }
  }
  const preserves = schema['x-kubernetes-preserve-unknown-fields'] === true
  if (schema.properties && schema.additionalProperties === undefined && !preserves) schema.additionalProperties = false
  return schema
}

/** What the API server checks of every object's metadata (the CRD schemas leave it to the server). */
const METADATA_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      maxLength: 253,
      pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
    },
    namespace: { type: 'string', maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
    labels: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 63, pattern: '^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$' },
    },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    ownerReferences: { type: 'array' },
    finalizers: { type: 'array', items: { type: 'string' } },
  },
}

function newAjv(): Ajv {
  // formats such as int32 or date-time are the API server's to check; the structure is what matters here
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false })
  for (const keyword of [
    'x-kubernetes-preserve-unknown-fields',
    'x-kubernetes-int-or-string',
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-map-type',
    'x-kubernetes-validations',
    'x-kubernetes-embedded-resource',
  ]) {
    ajv.addKeyword(keyword)
  }
  return ajv
}

/** Validators for the served version of each CRD in `dir`, by `apiVersion` and kind. */
export class CrdSchemas {
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly ajv = newAjv()

  constructor(dir: string = CNPG_CRD_DIR) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml'))) {
      const crd = parse(readFileSync(path.join(dir, file), 'utf8')) as CrdDocument
      if (crd.kind !== 'CustomResourceDefinition') continue
      // the storage version is the one the API server keeps objects in; it is always served
      const version = crd.spec.versions.find((v) => v.served && v.storage) ?? crd.spec.versions.find((v) => v.served)
      const schema = version?.schema?.openAPIV3Schema
      if (!version || !schema) throw new Error(`${file}: no served version with an openAPIV3Schema`)
      const closed = closeObjectSchemas(schema) as JsonSchema
      const properties = { ...(closed.properties as JsonSchema), metadata: METADATA_SCHEMA }
      const key = `${crd.spec.group}/${version.name}/${crd.spec.names.kind}`
      this.validators.set(
        key,
        this.ajv.compile({ ...closed, properties, required: ['apiVersion', 'kind', 'metadata'] }),
      )
    }
  }

  kinds(): string[] {
    return [...this.validators.keys()].sort()
  }

  has(apiVersion: string, kind: string): boolean {
    return this.validators.has(`${apiVersion}/${kind}`)
  }

  /** Problems with `object` (empty when it is valid); an object of an unknown kind is one problem. */
  validate(object: object): ManifestProblem[] {
    const { apiVersion, kind } = object as { apiVersion?: unknown; kind?: unknown }
    const key = `${String(apiVersion)}/${String(kind)}`
    const validator = this.validators.get(key)
    if (!validator) return [{ path: '', message: `no CRD for ${key}` }]
    if (validator(object)) return []
    return (validator.errors ?? []).map(describeError)
  }
}

function describeError(error: ErrorObject): ManifestProblem {
  const params = error.params as { additionalProperty?: string }
  if (error.keyword === 'additionalProperties' && params.additionalProperty) {
    return { path: `${error.instancePath}/${params.additionalProperty}`, message: 'field not declared in the schema' }
  }
  return { path: error.instancePath || '/', message: error.message ?? error.keyword }
}

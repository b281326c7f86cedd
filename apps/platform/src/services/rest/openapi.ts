import type { Column, Relation, RestFunction, SchemaCache } from './schema-cache'
import { takesWholeBody } from './sql-rpc'

/**
 * The OpenAPI (Swagger 2.0) description of one exposed schema, laid out as PostgREST publishes it: a definition
 * per table and view (`properties` with format, type and description; `required`), paths for the tables and for
 * `/rpc/{fn}` (`post.parameters` carries the arguments as a body schema). The data API answers it at its root and
 * the dashboard's API docs (`GET /platform/projects/{ref}/api/rest`) reuse it.
 */
export interface OpenApiOptions {
  /** the exposed schema to describe */
  schema: string
  /** the API's public URL, e.g. http://127.0.0.1:8080/p/{ref}/rest/v1 */
  url: string
}

export const OPENAPI_INFO_VERSION = '12.2.0'

type Json = Record<string, unknown>

const INTEGER_TYPES = new Set(['int2', 'int4', 'int8'])
const NUMBER_TYPES = new Set(['float4', 'float8', 'numeric', 'money'])
const JSON_TYPES = new Set(['json', 'jsonb'])

/** The JSON Schema type of a Postgres type (json and jsonb have none: any JSON value fits). */
export function jsonType(typname: string): string | null {
  if (INTEGER_TYPES.has(typname)) return 'integer'
  if (NUMBER_TYPES.has(typname)) return 'number'
  if (typname === 'bool') return 'boolean'
  if (JSON_TYPES.has(typname)) return null
  return 'string'
}

/** `character varying(20)` → `character varying`; arrays keep their brackets. */
const formatOf = (type: string) => type.replace(/\(\d+(,\s*\d+)?\)/, '')

function typnameOfSqlType(type: string): string {
  const base = formatOf(type).replace(/\[\]$/, '')
  const aliases: Record<string, string> = {
    smallint: 'int2',
    integer: 'int4',
    bigint: 'int8',
    real: 'float4',
    'double precision': 'float8',
    numeric: 'numeric',
    boolean: 'bool',
    json: 'json',
    jsonb: 'jsonb',
  }
  return aliases[base] ?? base
}

function columnNote(relation: Relation, column: Column, cache: SchemaCache): string | null {
  const notes: string[] = []
  if (relation.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>')
  for (const fk of cache.foreignKeys) {
    if (fk.schema !== relation.schema || fk.table !== relation.name) continue
    const index = fk.columns.indexOf(column.name)
    if (index === -1) continue
    const refColumn = fk.refColumns[index]
    notes.push(
      `This is a Foreign Key to \`${fk.refTable}.${refColumn}\`.<fk table='${fk.refTable}' column='${refColumn}'/>`,
    )
  }
  const note = notes.length > 0 ? `Note:\n${notes.join('\n')}` : null
  if (column.description && note) return `${column.description}\n\n${note}`
  return column.description ?? note
}

function columnProperty(relation: Relation, column: Column, cache: SchemaCache): Json {
  const property: Json = {}
  const description = columnNote(relation, column, cache)
  if (description) property.description = description
  if (column.default !== null) property.default = column.default
  if (column.enumValues) property.enum = column.enumValues
  if (column.maxLength !== null) property.maxLength = column.maxLength
  property.format = formatOf(column.type)
  if (column.category === 'A') {
    property.type = 'array'
    const itemType = jsonType((column.elementTypname ?? 'text').replace(/^_/, ''))
    property.items = itemType ? { type: itemType } : {}
  } else {
    const type = jsonType(column.typname)
    if (type) property.type = type
  }
  return property
}

export function relationDefinition(relation: Relation, cache: SchemaCache): Json {
  const required = relation.columns
    .filter((c) => !c.nullable && c.default === null && !c.identity && !c.generated)
    .map((c) => c.name)
  const definition: Json = {}
  if (relation.description) definition.description = relation.description
  if (required.length > 0) definition.required = required
  definition.properties = Object.fromEntries(relation.columns.map((c) => [c.name, columnProperty(relation, c, cache)]))
  definition.type = 'object'
  return definition
}

const ref = (name: string) => ({ $ref: `#/parameters/${name}` })
const OK = { 200: { description: 'OK' } }

function relationPaths(relation: Relation): Json {
  const filters = relation.columns.map((c) => ref(`rowFilter.${relation.name}.${c.name}`))
  const tags = [relation.name]
  const item: Json = {
    get: {
      tags,
      summary: relation.description ?? undefined,
      parameters: [
        ...filters,
        ref('select'),
        ref('order'),
        ref('range'),
        ref('rangeUnit'),
        ref('offset'),
        ref('limit'),
        ref('preferCount'),
      ],
      responses: {
        200: { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${relation.name}` } } },
        206: { description: 'Partial Content' },
      },
    },
  }
  if (relation.insertable) {
    item.post = {
      tags,
      parameters: [ref(`body.${relation.name}`), ref('select'), ref('preferPost')],
      responses: { 201: { description: 'Created' } },
    }
  }
  if (relation.updatable) {
    item.patch = {
      tags,
      parameters: [...filters, ref(`body.${relation.name}`), ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    }
  }
  if (relation.deletable) {
    item.delete = {
      tags,
      parameters: [...filters, ref('preferReturn')],
      responses: { 204: { description: 'No Content' } },
    }
  }
  return item
}

function argumentProperty(type: string): Json {
  const format = formatOf(type)
  if (format.endsWith('[]')) {
    const itemType = jsonType(typnameOfSqlType(format))
    return { format, type: 'array', items: itemType ? { type: itemType } : {} }
  }
  const jsType = jsonType(typnameOfSqlType(format))
  return jsType ? { format, type: jsType } : { format }
}

function functionPaths(fn: RestFunction): Json {
  const tags = [`(rpc) ${fn.name}`]
  const args = fn.args.filter((a) => a.name !== '')
  const required = args.filter((a) => !a.hasDefault).map((a) => a.name)
  const schema: Json = { type: 'object' }
  if (required.length > 0) schema.required = required
  schema.properties = Object.fromEntries(args.map((a) => [a.name, argumentProperty(a.type)]))
  const bodyParameter = { in: 'body', name: 'args', required: true, schema }
  const queryParameters = args.map((a) => {
    const property = argumentProperty(a.type)
    const type = property.type === 'array' || !property.type ? 'string' : property.type
    return { name: a.name, in: 'query', required: !a.hasDefault, format: property.format, type }
  })
  return {
    get: { tags, summary: fn.description ?? undefined, parameters: queryParameters, responses: OK },
    post: {
      tags,
      summary: fn.description ?? undefined,
      parameters: [bodyParameter, ref('preferParams')],
      produces: [
        'application/json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.object+json',
      ],
      responses: OK,
    },
  }
}

function sharedParameters(relations: Relation[]): Json {
  const header = (description: string, values: string[]) => ({
    name: 'Prefer',
    description,
    required: false,
    enum: values,
    in: 'header',
    type: 'string',
  })
  const query = (name: string, description: string) => ({
    name,
    description,
    required: false,
    in: 'query',
    type: 'string',
  })
  const parameters: Json = {
    preferParams: header('Preference', ['params=single-object']),
    preferReturn: header('Preference', ['return=representation', 'return=minimal', 'return=none']),
    preferCount: header('Preference', ['count=none']),
    preferPost: header('Preference', [
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ]),
    select: query('select', 'Filtering Columns'),
    on_conflict: query('on_conflict', 'On Conflict'),
    order: query('order', 'Ordering'),
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: {
      name: 'Range-Unit',
      description: 'Limiting and Pagination',
      required: false,
      default: 'items',
      in: 'header',
      type: 'string',
    },
    offset: query('offset', 'Limiting and Pagination'),
    limit: query('limit', 'Limiting and Pagination'),
  }
  for (const relation of relations) {
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    }
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = {
        name: column.name,
        description: column.description ?? undefined,
        required: false,
        format: formatOf(column.type),
        in: 'query',
        type: 'string',
      }
    }
  }
  return parameters
}

export function buildOpenApi(cache: SchemaCache, options: OpenApiOptions): Json {
  const url = new URL(options.url)
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === options.schema)
    .sort((a, b) => a.name.localeCompare(b.name))
  const functions = [...cache.functions.values()]
    .flat()
    .filter((fn) => fn.schema === options.schema && (fn.args.every((a) => a.name !== '') || takesWholeBody(fn)))
    .sort((a, b) => a.name.localeCompare(b.name))

  const paths: Json = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: ['application/openapi+json', 'application/json'],
        responses: OK,
      },
    },
  }
  for (const relation of relations) paths[`/${relation.name}`] = relationPaths(relation)
  for (const fn of functions) paths[`/rpc/${fn.name}`] ??= functionPaths(fn)

  return {
    swagger: '2.0',
    info: {
      description: `REST API of the ${options.schema} schema, generated from the database`,
      title: `standard ${options.schema} schema`,
      version: OPENAPI_INFO_VERSION,
    },
    host: url.host,
    basePath: url.pathname.replace(/\/$/, '') || '/',
    schemes: [url.protocol.replace(':', '')],
    consumes: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json;nulls=stripped',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    paths,
    definitions: Object.fromEntries(relations.map((r) => [r.name, relationDefinition(r, cache)])),
    parameters: sharedParameters(relations),
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/references/api.html' },
  }
}

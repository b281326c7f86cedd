import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, parseAllDocuments } from 'yaml'

/**
 * Renders the pgfleet Helm chart the narrow way its templates are written, for the tests (no helm binary can be
 * installed here): every `{{ ... }}` must be `.Values.<path>`, `.Release.Name`, `.Release.Namespace` or `.Chart.<key>`,
 * substituted as text. Anything else (a pipeline, `if`, `range`, `include`) is refused, so the chart cannot grow
 * template logic this renderer would get wrong; with such logic, render the chart with `helm template` instead.
 */

export const CHART_DIR = path.resolve(import.meta.dirname, '../../../../deploy/helm/pgfleet')

export interface RenderOptions {
  releaseName: string
  namespace: string
  /** Values files applied over values.yaml, in order (e.g. values-dev.yaml). */
  valuesFiles?: string[]
}

export interface RenderedObject {
  template: string
  object: { apiVersion?: string; kind?: string; metadata?: { name?: string; namespace?: string } } & Record<
    string,
    unknown
  >
}

type Values = Record<string, unknown>

const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Helm's value merge: maps merge key by key, anything else replaces. */
function mergeValues(base: Values, override: Values): Values {
  const merged: Values = { ...base }
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isObject(value) && isObject(merged[key]) ? mergeValues(merged[key] as Values, value) : value
  }
  return merged
}

function lookup(values: Values, dotted: string, where: string): unknown {
  let node: unknown = values
  for (const key of dotted.split('.')) {
    if (!isObject(node) || !(key in node)) throw new Error(`${where}: no value .${dotted}`)
    node = node[key]
  }
  if (isObject(node) || Array.isArray(node)) throw new Error(`${where}: .${dotted} is not a single value`)
  return node
}

const EXPRESSION = /\{\{-?\s*(.*?)\s*-?\}\}/g

export function renderChart(options: RenderOptions, chartDir = CHART_DIR): RenderedObject[] {
  const chart = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as Values
  let values = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Values
  for (const file of options.valuesFiles ?? []) {
    values = mergeValues(values, parse(readFileSync(path.join(chartDir, file), 'utf8')) as Values)
  }
  const scope: Values = {
    Values: values,
    Release: { Name: options.releaseName, Namespace: options.namespace },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  }
  const rendered: RenderedObject[] = []
  const templatesDir = path.join(chartDir, 'templates')
  for (const template of readdirSync(templatesDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const source = readFileSync(path.join(templatesDir, template), 'utf8')
    const text = source.replace(EXPRESSION, (_match, expression: string) => {
      const reference = /^\.((?:Values|Release|Chart)(?:\.[A-Za-z0-9_]+)+)$/.exec(expression)?.[1]
      if (!reference) throw new Error(`${template}: unsupported template syntax {{ ${expression} }}`)
      return String(lookup(scope, reference, template))
    })
    for (const document of parseAllDocuments(text)) {
      if (document.errors.length > 0) throw new Error(`${template}: ${document.errors[0]?.message}`)
      const object = document.toJS() as RenderedObject['object'] | null
      if (object) rendered.push({ template, object })
    }
  }
  return rendered
}

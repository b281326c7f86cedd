import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, parseAllDocuments } from 'yaml'

/**
 * Renders the pgfleet Helm chart the narrow way its templates are written, for the tests (no helm binary can be
 * installed here): every `{{ ... }}` must be `.Values.<path>`, `.Release.Name`, `.Release.Namespace` or `.Chart.<key>`,
 * substituted as text, except whole-line `{{- if .Values.<path> }}`, `{{- else }}` and `{{- end }}`, which keep or
 * drop the lines between them by Helm's truth rule (false, 0, "" and missing values are false). Anything else (a
 * pipeline, `range`, `include`, `if` with a function) is refused, so the chart cannot grow template logic this
 * renderer would get wrong; with such logic, render the chart with `helm template` instead.
 */

export const CHART_DIR = path.resolve(import.meta.dirname, '../../../../../deploy/helm/pgfleet')

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
const IF_LINE = /^\s*\{\{-\s*if\s+\.Values((?:\.[A-Za-z0-9_]+)+)\s*-?\}\}\s*$/
const ELSE_LINE = /^\s*\{\{-\s*else\s*-?\}\}\s*$/
const END_LINE = /^\s*\{\{-\s*end\s*-?\}\}\s*$/

/** Helm's truth: a missing value, false, 0 and "" are false (maps and lists are not used in conditions here). */
function truthy(values: Values, dotted: string): boolean {
  let node: unknown = values
  for (const key of dotted.split('.')) {
    if (!isObject(node) || !(key in node)) return false
    node = node[key]
  }
  return node !== false && node !== 0 && node !== '' && node !== null && node !== undefined
}

/** Keeps the lines of the branches that hold, drops the directive lines and the rest; nesting is allowed. */
function applyConditions(source: string, values: Values, template: string): string {
  const kept: string[] = []
  const stack: { holds: boolean; inElse: boolean }[] = []
  const active = () => stack.every((frame) => (frame.inElse ? !frame.holds : frame.holds))
  for (const line of source.split('\n')) {
    const condition = IF_LINE.exec(line)
    if (condition?.[1]) {
      stack.push({ holds: truthy(values, condition[1].slice(1)), inElse: false })
      continue
    }
    if (ELSE_LINE.test(line) || END_LINE.test(line)) {
      const frame = stack.at(-1)
      if (!frame) throw new Error(`${template}: ${line.trim()} without an if`)
      if (END_LINE.test(line)) stack.pop()
      else frame.inElse = true
      continue
    }
    if (/^\s*\{\{-?\s*(if|else|end|range|with)\b/.test(line)) {
      throw new Error(`${template}: unsupported template syntax ${line.trim()}`)
    }
    if (active()) kept.push(line)
  }
  if (stack.length > 0) throw new Error(`${template}: an if without its end`)
  return kept.join('\n')
}

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
    const source = applyConditions(readFileSync(path.join(templatesDir, template), 'utf8'), values, template)
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

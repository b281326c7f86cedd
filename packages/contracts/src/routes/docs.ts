import { z } from 'zod'
import * as contracts from '../index'
import { apiRouteGroups } from './index'

/**
 * The route table as markdown, for docs/api.md's generated section (scripts/generate-api-docs.ts writes it, a
 * test fails when the file is out of date). Not exported from the package: the dashboard never needs it.
 */
export const ROUTES_START_MARKER = '<!-- routes:start -->'
export const ROUTES_END_MARKER = '<!-- routes:end -->'

/** Every schema the package exports, by the name it is exported under. */
function exportedSchemaNames(): Map<unknown, string> {
  const names = new Map<unknown, string>()
  for (const [name, value] of Object.entries(contracts)) {
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, name)
  }
  return names
}

/** A schema's exported name, `Name[]` for a list of one, or the field names of an unnamed object. */
function schemaLabel(schema: z.ZodType | undefined, names: Map<unknown, string>): string {
  if (!schema) return '–'
  const name = names.get(schema)
  if (name) return `\`${name}\``
  if (schema instanceof z.ZodArray) return `${schemaLabel(schema.element as z.ZodType, names).replace(/`$/, '[]`')}`
  if (schema instanceof z.ZodObject) return `\`{${Object.keys(schema.shape).join(', ')}}\``
  return '`unknown`'
}

const cell = (text: string) => text.replaceAll('|', '\\|')

function markdownTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)]
}

/** The generated section, markers included. */
export function routesMarkdown(): string {
  const names = exportedSchemaNames()
  const lines = [
    ROUTES_START_MARKER,
    '',
    '<!-- generated from packages/contracts/src/routes by `node --import tsx scripts/generate-api-docs.ts`; do not edit -->',
  ]
  for (const group of apiRouteGroups) {
    const rows = Object.values(group.routes).map((route) => [
      route.method,
      cell(route.path),
      'query' in route ? schemaLabel(route.query, names) : '–',
      'body' in route ? schemaLabel(route.body, names) : '–',
      'answer' in route && route.answer === 'file'
        ? 'a file'
        : 'answer' in route && route.answer === 'protocol'
          ? 'TUS status and headers'
          : schemaLabel(route.response, names),
      cell(route.description),
    ])
    lines.push(
      '',
      `### ${group.title}`,
      '',
      ...markdownTable(['Method', 'Path', 'Query', 'Body', 'Answer', 'Description'], rows),
    )
  }
  lines.push('', ROUTES_END_MARKER)
  return lines.join('\n')
}

/** The document with its generated section replaced; the text around the markers stays as written. */
export function withGeneratedRoutes(document: string): string {
  const start = document.indexOf(ROUTES_START_MARKER)
  const end = document.indexOf(ROUTES_END_MARKER)
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`The document needs a ${ROUTES_START_MARKER} … ${ROUTES_END_MARKER} section`)
  }
  return document.slice(0, start) + routesMarkdown() + document.slice(end + ROUTES_END_MARKER.length)
}

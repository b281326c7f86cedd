import { columnNotFound, RestError } from './errors'
import type { Condition, FilterNode } from './filter-parser'
import type { OrderTerm, QueryParams } from './query-params'
import { isToOne, type Relationship, resolveEmbedding } from './relationships'
import type { FieldPath } from './scanner'
import type { Relation, SchemaCache } from './schema-cache'
import type { SelectItem } from './select-parser'

/**
 * Resolves a parsed request against the schema cache: every column is checked, every embedding becomes a
 * relationship, filters and order land on the resource they name. The SQL builder only renders what this says.
 */
export interface ColumnInfo {
  name: string
  type: string
  typname?: string
}

/** What a plan reads from: a table or view, or the rows of a function. */
export interface Shape {
  /** for messages: the table or function name */
  name: string
  relation: Relation | null
  /** null when unknown (no validation) */
  columns: Map<string, ColumnInfo> | null
}

export type PlanItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldPath; cast: string | null; output: string }
  | { kind: 'embed'; embed: EmbedPlan }

export interface EmbedPlan {
  output: string
  relationship: Relationship
  inner: boolean
  spread: boolean
  plan: ReadPlan
  /** alias of the lateral subquery in the parent's FROM */
  lateral: string
  /** alias of the junction table of a many-to-many embedding */
  junctionAlias: string
}

export type PlanOrder = { term: OrderTerm; embed: EmbedPlan | null }

export interface ReadPlan {
  shape: Shape
  alias: string
  items: PlanItem[]
  filters: FilterNode[]
  /** `embed=is.null` / `embed=not.is.null` */
  embedNullFilters: { embed: EmbedPlan; isNull: boolean }[]
  order: PlanOrder[]
  limit: number | null
  offset: number | null
  embeds: EmbedPlan[]
}

export class Aliases {
  private n = 0
  next(prefix = 'pgrst'): string {
    return `${prefix}_${this.n++}`
  }
}

export function shapeOfRelation(relation: Relation): Shape {
  return { name: relation.name, relation, columns: relation.columnsByName }
}

export function outputNameOf(field: FieldPath, alias: string | null): string {
  if (alias) return alias
  const last = field.json[field.json.length - 1]
  return last ? last.key : field.name
}

export function checkColumn(shape: Shape, name: string): ColumnInfo | undefined {
  if (!shape.columns) return undefined
  const column = shape.columns.get(name)
  if (!column) throw columnNotFound(shape.name, name)
  return column
}

export function checkFilters(shape: Shape, nodes: FilterNode[]): void {
  for (const node of nodes) {
    if (node.kind === 'logic') checkFilters(shape, node.children)
    else checkColumn(shape, node.field.name)
  }
}

const isEmbedNullFilter = (node: FilterNode): node is Condition =>
  node.kind === 'condition' && node.op === 'is' && node.value === 'null' && node.field.json.length === 0

export function planRead(
  cache: SchemaCache,
  shape: Shape,
  select: SelectItem[],
  params: QueryParams,
  aliases: Aliases,
  path = '',
  visited: Set<string> = new Set(),
): ReadPlan {
  visited.add(path)
  const plan: ReadPlan = {
    shape,
    alias: aliases.next(),
    items: [],
    filters: [],
    embedNullFilters: [],
    order: [],
    limit: null,
    offset: null,
    embeds: [],
  }
  for (const item of select) {
    if (item.kind === 'star') plan.items.push(item)
    else if (item.kind === 'column') {
      checkColumn(shape, item.field.name)
      plan.items.push({
        kind: 'column',
        field: item.field,
        cast: item.cast,
        output: outputNameOf(item.field, item.alias),
      })
    } else {
      if (!shape.relation) {
        throw new RestError(400, 'PGRST200', `Could not find a relationship between '${shape.name}' and '${item.name}'`)
      }
      const relationship = resolveEmbedding(cache, shape.relation, item.name, item.hint)
      if (item.spread && !isToOne(relationship)) {
        throw new RestError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          `'${shape.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        )
      }
      const output = item.alias ?? item.name
      const childPath = path ? `${path}.${output}` : output
      const embed: EmbedPlan = {
        output,
        relationship,
        inner: item.join === 'inner',
        spread: item.spread,
        plan: planRead(cache, shapeOfRelation(relationship.target), item.select, params, aliases, childPath, visited),
        lateral: aliases.next(),
        junctionAlias: aliases.next(),
      }
      plan.embeds.push(embed)
      plan.items.push({ kind: 'embed', embed })
    }
  }

  const options = params.byPath.get(path)
  if (options) {
    for (const node of options.filters) {
      if (isEmbedNullFilter(node) && !shape.columns?.has(node.field.name)) {
        const name = node.field.name
        const embed = plan.embeds.find((e) => e.output === name)
        if (embed) {
          plan.embedNullFilters.push({ embed, isNull: !node.negate })
          continue
        }
      }
      checkFilters(shape, [node])
      plan.filters.push(node)
    }
    for (const term of options.order) plan.order.push(planOrder(shape, plan, term))
    plan.limit = options.limit
    plan.offset = options.offset
  }

  if (path === '') {
    for (const key of params.byPath.keys()) {
      if (!visited.has(key)) {
        throw new RestError(
          400,
          'PGRST108',
          `'${key}' is not an embedded resource in this request`,
          null,
          `Verify that '${key}' is included in the 'select' query parameter.`,
        )
      }
    }
  }
  return plan
}

function planOrder(shape: Shape, plan: ReadPlan, term: OrderTerm): PlanOrder {
  if (term.relation === null) {
    checkColumn(shape, term.field.name)
    return { term, embed: null }
  }
  const embed = plan.embeds.find((e) => e.output === term.relation)
  if (!embed) {
    throw new RestError(
      400,
      'PGRST108',
      `'${term.relation}' is not an embedded resource in this request`,
      null,
      `Verify that '${term.relation}' is included in the 'select' query parameter.`,
    )
  }
  if (!isToOne(embed.relationship)) {
    throw new RestError(
      400,
      'PGRST118',
      `A related order on '${term.relation}' is not possible`,
      `'${shape.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
    )
  }
  checkColumn(embed.plan.shape, term.field.name)
  return { term, embed }
}

import { type ChartConfig, DEFAULT_CHART_CONFIG, type QueryColumn, type QueryResultSet } from '@pgfleet/contracts'

/** Chart config; reports store it per card. */
export type { ChartConfig }
export { DEFAULT_CHART_CONFIG }

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'money', 'oid'])

export const isNumericColumn = (column: Pick<QueryColumn, 'type'>) => NUMERIC_TYPES.has(column.type)

/** A number from a cell: int8 and numeric arrive as text; anything not a finite number is null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.replace(/[$,]/g, ''))
    return Number.isFinite(number) ? number : null
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  return null
}

/**
 * The axes to start from: x is the first column that is not the chosen y (often a label or a date),
 * y the first numeric column. Keys the user picked are kept while the result still has them.
 */
export function chartKeys(
  columns: readonly Pick<QueryColumn, 'name' | 'type'>[],
  current: Pick<ChartConfig, 'xKey' | 'yKey'> = { xKey: '', yKey: '' },
): { xKey: string; yKey: string } {
  const names = columns.map((column) => column.name)
  const numeric = columns.filter(isNumericColumn).map((column) => column.name)
  const yKey = names.includes(current.yKey)
    ? current.yKey
    : (numeric.find((name) => name !== names[0]) ?? numeric[0] ?? names[1] ?? '')
  const xKey = names.includes(current.xKey) ? current.xKey : (names.find((name) => name !== yKey) ?? '')
  return { xKey, yKey }
}

export type ChartPoint = { x: string; y: number | null }

function labelOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The rows of a result as chart points; cumulative adds each y to the sum of the ones before it. */
export function toChartData(
  set: Pick<QueryResultSet, 'columns' | 'rows'>,
  config: Pick<ChartConfig, 'xKey' | 'yKey' | 'cumulative'>,
): ChartPoint[] {
  const xIndex = set.columns.findIndex((column) => column.name === config.xKey)
  const yIndex = set.columns.findIndex((column) => column.name === config.yKey)
  if (xIndex === -1 || yIndex === -1) return []
  let sum = 0
  return set.rows.map((row) => {
    const y = toNumber(row[yIndex])
    if (config.cumulative && y !== null) sum += y
    return { x: labelOf(row[xIndex]), y: config.cumulative ? sum : y }
  })
}

/** Whether the result can be drawn: two columns, one of which holds numbers. */
export function canChart(set: Pick<QueryResultSet, 'columns'> | undefined): boolean {
  return set !== undefined && set.columns.length >= 2 && set.columns.some(isNumericColumn)
}

import { describe, expect, it } from 'vitest'
import { canChart, chartKeys, DEFAULT_CHART_CONFIG, isNumericColumn, toChartData, toNumber } from './query-card.utils'

const columns = [
  { name: 'day', type: 'date', typeId: 1082 },
  { name: 'signups', type: 'int8', typeId: 20 },
  { name: 'revenue', type: 'numeric', typeId: 1700 },
]
const rows = [
  ['2026-01-01', '3', '10.50'],
  ['2026-01-02', '5', '2'],
  ['2026-01-03', null, '1'],
  ['2026-01-04', '2', 'NaN'],
]

describe('chart defaults', () => {
  it('are a bar chart, not cumulative, shown as a table until switched', () => {
    expect(DEFAULT_CHART_CONFIG).toMatchObject({ type: 'bar', cumulative: false, view: 'table' })
  })
})

describe('chartKeys', () => {
  it('takes the first column as x and the first numeric one as y', () => {
    expect(chartKeys(columns)).toEqual({ xKey: 'day', yKey: 'signups' })
  })
  it('keeps keys the user chose while the result has them', () => {
    expect(chartKeys(columns, { xKey: 'day', yKey: 'revenue' })).toEqual({ xKey: 'day', yKey: 'revenue' })
    expect(chartKeys(columns, { xKey: 'gone', yKey: 'revenue' })).toEqual({ xKey: 'day', yKey: 'revenue' })
  })
  it('does not use the same column on both axes when the first column is the only numeric one', () => {
    expect(
      chartKeys([
        { name: 'n', type: 'int4' },
        { name: 'label', type: 'text' },
      ]),
    ).toEqual({ xKey: 'label', yKey: 'n' })
  })
  it('answers empty keys for an empty result', () => {
    expect(chartKeys([])).toEqual({ xKey: '', yKey: '' })
  })
})

describe('toChartData', () => {
  it('maps rows to points, reading int8 and numeric text as numbers', () => {
    expect(toChartData({ columns, rows }, { xKey: 'day', yKey: 'revenue', cumulative: false })).toEqual([
      { x: '2026-01-01', y: 10.5 },
      { x: '2026-01-02', y: 2 },
      { x: '2026-01-03', y: 1 },
      { x: '2026-01-04', y: null },
    ])
  })
  it('adds up y when cumulative, carrying the sum over missing values', () => {
    expect(
      toChartData({ columns, rows }, { xKey: 'day', yKey: 'signups', cumulative: true }).map((point) => point.y),
    ).toEqual([3, 8, 8, 10])
  })
  it('is empty when a key is not in the result', () => {
    expect(toChartData({ columns, rows }, { xKey: 'nope', yKey: 'signups', cumulative: false })).toEqual([])
  })
  it('labels x values as displayed (NULL, JSON)', () => {
    const data = toChartData(
      {
        columns: [
          { name: 'k', type: 'jsonb', typeId: 3802 },
          { name: 'v', type: 'int4', typeId: 23 },
        ],
        rows: [
          [{ a: 1 }, 1],
          [null, 2],
        ],
      },
      { xKey: 'k', yKey: 'v', cumulative: false },
    )
    expect(data.map((point) => point.x)).toEqual(['{"a":1}', 'NULL'])
  })
})

describe('numbers and chartability', () => {
  it('parses numbers leniently and refuses what is not one', () => {
    expect(toNumber(' 12 ')).toBe(12)
    expect(toNumber('$1,200.50')).toBe(1200.5)
    expect(toNumber('Infinity')).toBeNull()
    expect(toNumber('abc')).toBeNull()
    expect(toNumber(true)).toBe(1)
    expect(toNumber(null)).toBeNull()
  })
  it('knows numeric Postgres types', () => {
    expect(isNumericColumn({ type: 'float8' })).toBe(true)
    expect(isNumericColumn({ type: 'text' })).toBe(false)
  })
  it('charts a result with two columns, one numeric', () => {
    expect(canChart({ columns })).toBe(true)
    expect(canChart({ columns: columns.slice(1, 2) })).toBe(false)
    expect(
      canChart({
        columns: [
          { name: 'a', type: 'text', typeId: 25 },
          { name: 'b', type: 'text', typeId: 25 },
        ],
      }),
    ).toBe(false)
    expect(canChart(undefined)).toBe(false)
  })
})

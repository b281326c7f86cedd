import type { ChartConfig, Report, ReportCard } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import {
  cardSql,
  formatMilliseconds,
  orderedCards,
  withCardAdded,
  withCardChart,
  withCardRemoved,
} from './reports.utils'

const chart: ChartConfig = {
  type: 'bar',
  cumulative: false,
  xKey: '',
  yKey: '',
  showLabels: false,
  showGrid: true,
  view: 'table',
}
const card = (id: string, position: number, fields: Partial<ReportCard> = {}): ReportCard => ({
  id,
  title: id,
  snippet_id: null,
  sql: `select '${id}'`,
  chart,
  position,
  ...fields,
})
const report = (layout: ReportCard[]) =>
  ({ id: 'r', type: 'report', version: 3, content: { schema_version: '1.0', content_id: 'r', layout } }) as Report

describe('report layout changes', () => {
  const base = report([card('b', 1), card('a', 0)])

  it('orders cards by position', () => {
    expect(orderedCards(base).map((c) => c.id)).toEqual(['a', 'b'])
  })

  it('adds a dropped card last, with its snippet and chart', () => {
    const { layout } = withCardAdded(base, 'c', {
      title: 'Signups',
      sql: 'select 1',
      snippetId: 's1',
      config: { ...chart, view: 'chart' },
    })
    expect(layout?.map((c) => [c.id, c.position])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ])
    expect(layout?.[2]).toMatchObject({ title: 'Signups', snippet_id: 's1', chart: { view: 'chart' } })
    expect(withCardAdded(base, 'd', { title: 'x', sql: 'select 2', config: chart }).layout?.[2]?.snippet_id).toBeNull()
  })

  it('changes one card chart and removes cards, renumbering the rest', () => {
    const changed = withCardChart(base, 'b', { ...chart, type: 'line' }).layout
    expect(changed?.map((c) => c.chart.type)).toEqual(['bar', 'line'])
    expect(withCardChart(base, 'gone', chart).layout).toEqual(orderedCards(base))
    expect(withCardRemoved(base, 'a').layout).toEqual([{ ...card('b', 1), position: 0 }])
  })

  it("runs a card's saved query as it is now, or the SQL it was dropped with", () => {
    const linked = card('c', 0, { snippet_id: 's1', sql: 'select 1' })
    const snippets = new Map([
      ['s1', { content: { sql: 'select 2', schema_version: '1.0', content_id: 's1', favorite: false } }],
    ])
    expect(cardSql(linked, snippets)).toBe('select 2')
    expect(cardSql(linked, new Map())).toBe('select 1')
    expect(cardSql(card('d', 0), snippets)).toBe("select 'd'")
  })
})

describe('formatMilliseconds', () => {
  it('keeps small durations precise and long ones short', () => {
    expect(formatMilliseconds(0.0421)).toBe('0.04 ms')
    expect(formatMilliseconds(203.6)).toBe('204 ms')
    expect(formatMilliseconds(4321.2)).toBe('4,321 ms')
    expect(formatMilliseconds(61_500)).toBe('61.5 s')
  })
})

import type { ChartConfig, Report, ReportCard, Snippet } from '@pgfleet/contracts'
import type { ReportFields } from '../../../data/content/report-update-mutation'

/** What a dragged query card carries into a report. */
export type DroppedCard = { title: string; sql: string; snippetId?: string; config: ChartConfig }

/** The cards of a report in their order. */
export const orderedCards = (report: Pick<Report, 'content'>): ReportCard[] =>
  [...report.content.layout].sort((a, b) => a.position - b.position)

/** A dropped card goes last. */
export function withCardAdded(report: Report, id: string, dropped: DroppedCard): ReportFields {
  const cards = orderedCards(report)
  const card: ReportCard = {
    id,
    title: dropped.title,
    snippet_id: dropped.snippetId ?? null,
    sql: dropped.sql,
    chart: dropped.config,
    position: cards.length,
  }
  return { layout: [...cards, card] }
}

/** A card's chart settings changed; a card removed elsewhere meanwhile stays removed. */
export function withCardChart(report: Report, cardId: string, chart: ChartConfig): ReportFields {
  return { layout: orderedCards(report).map((card) => (card.id === cardId ? { ...card, chart } : card)) }
}

export function withCardRemoved(report: Report, cardId: string): ReportFields {
  return {
    layout: orderedCards(report)
      .filter((card) => card.id !== cardId)
      .map((card, position) => ({ ...card, position })),
  }
}

/**
 * The SQL a card runs: its saved query's current text while the viewer can see that query (so editing the
 * query updates the report), otherwise the text it was dropped with.
 */
export function cardSql(card: ReportCard, snippets: ReadonlyMap<string, Pick<Snippet, 'content'>>): string {
  const snippet = card.snippet_id ? snippets.get(card.snippet_id) : undefined
  return snippet ? snippet.content.sql : card.sql
}

/** A duration for the query-performance tables: sub-millisecond with two decimals, seconds past 10 s. */
export function formatMilliseconds(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`
  if (ms < 10_000) return `${Math.round(ms).toLocaleString('en-US')} ms`
  return `${(ms / 1000).toFixed(1)} s`
}

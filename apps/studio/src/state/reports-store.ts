import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { ChartConfig } from '../components/interfaces/QueryCard/query-card.utils'

/** A query card placed in a report: its SQL and how it is drawn. */
export type ReportCard = { id: string; title: string; sql: string; snippetId?: string; config: ChartConfig }
export type Report = { id: string; projectRef: string; name: string; createdAt: string; cards: ReportCard[] }

/**
 * Reports (reportsV2) live in this browser: the content API stores only SQL snippets (type 'sql'),
 * so a report definition has no server home yet.
 */
type ReportsState = {
  reports: Record<string, Report>
  addReport: (report: Report) => void
  renameReport: (id: string, name: string) => void
  removeReport: (id: string) => void
  addCard: (reportId: string, card: ReportCard) => void
  updateCard: (reportId: string, cardId: string, config: ChartConfig) => void
  removeCard: (reportId: string, cardId: string) => void
}

function withReport(state: ReportsState, id: string, update: (report: Report) => Report) {
  const report = state.reports[id]
  return report ? { reports: { ...state.reports, [id]: update(report) } } : state
}

export const useReportsStore = create<ReportsState>()(
  persist(
    (set) => ({
      reports: {},
      addReport: (report) => set((state) => ({ reports: { ...state.reports, [report.id]: report } })),
      renameReport: (id, name) => set((state) => withReport(state, id, (report) => ({ ...report, name }))),
      removeReport: (id) =>
        set((state) => {
          const { [id]: _, ...reports } = state.reports
          return { reports }
        }),
      addCard: (reportId, card) =>
        set((state) => withReport(state, reportId, (report) => ({ ...report, cards: [...report.cards, card] }))),
      updateCard: (reportId, cardId, config) =>
        set((state) =>
          withReport(state, reportId, (report) => ({
            ...report,
            cards: report.cards.map((card) => (card.id === cardId ? { ...card, config } : card)),
          })),
        ),
      removeCard: (reportId, cardId) =>
        set((state) =>
          withReport(state, reportId, (report) => ({
            ...report,
            cards: report.cards.filter((card) => card.id !== cardId),
          })),
        ),
    }),
    { name: 'pgfleet.reports', storage: createJSONStorage(() => localStorage) },
  ),
)

import { Link, useNavigate } from 'react-router'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { useReportsStore } from '../../../state/reports-store'
import { Button } from '../../ui/Button'
import { QueryCard } from '../QueryCard/QueryCard'
import { SavedQueryCards, useReportDrop } from './ReportsPage'
import {
  BACK_TO_REPORTS_LABEL,
  DELETE_REPORT_LABEL,
  REMOVE_CARD_LABEL,
  REPORT_EMPTY,
  REPORT_NAME_LABEL,
  REPORT_NOT_FOUND_DESCRIPTION,
  REPORT_NOT_FOUND_TITLE,
  SAVED_QUERIES_TITLE,
} from './reports.constants'

/** /project/{ref}/reports/{id}: a report's cards; under reportsV2 saved queries can be dropped in. */
export function ReportPage({ projectRef, reportId }: { projectRef: string; reportId: string }) {
  const navigate = useNavigate()
  const reportsV2 = isFlagOn(useFlag('reportsV2'))
  const report = useReportsStore((state) => state.reports[reportId])
  const renameReport = useReportsStore((state) => state.renameReport)
  const removeReport = useReportsStore((state) => state.removeReport)
  const updateCard = useReportsStore((state) => state.updateCard)
  const removeCard = useReportsStore((state) => state.removeCard)
  const { over, handlers } = useReportDrop(reportsV2 ? report : undefined)

  if (!report || report.projectRef !== projectRef) {
    return (
      <div className="mx-auto my-10 max-w-lg rounded-lg border border-neutral-200 bg-white p-6 text-center">
        <h1 className="font-semibold text-neutral-900">{REPORT_NOT_FOUND_TITLE}</h1>
        <p className="mt-2 text-sm text-neutral-600">{REPORT_NOT_FOUND_DESCRIPTION}</p>
        <Link
          to={`/project/${projectRef}/reports`}
          className="mt-4 inline-block text-sm text-emerald-700 hover:underline"
        >
          {BACK_TO_REPORTS_LABEL}
        </Link>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6" data-testid="report-page">
      <div className="flex items-center gap-3">
        <Link to={`/project/${projectRef}/reports`} className="text-sm text-neutral-600 hover:underline">
          ← {BACK_TO_REPORTS_LABEL}
        </Link>
        <input
          key={report.name}
          aria-label={REPORT_NAME_LABEL}
          defaultValue={report.name}
          onBlur={(event) => {
            const name = event.target.value.trim()
            if (name && name !== report.name) renameReport(report.id, name)
          }}
          className="min-w-0 flex-1 rounded border border-transparent px-1.5 py-1 text-lg font-semibold hover:border-neutral-200"
        />
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            removeReport(report.id)
            navigate(`/project/${projectRef}/reports`)
          }}
        >
          {DELETE_REPORT_LABEL}
        </Button>
      </div>
      <section
        {...handlers}
        aria-label={report.name}
        data-testid="report-cards"
        className={`min-h-32 rounded-lg border-2 border-dashed p-3 ${over ? 'border-emerald-500 bg-emerald-50' : 'border-neutral-200'}`}
      >
        {report.cards.length === 0 ? (
          <p className="p-6 text-center text-sm text-neutral-500">{REPORT_EMPTY}</p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {report.cards.map((card) => (
              <QueryCard
                key={card.id}
                projectRef={projectRef}
                title={card.title}
                sql={card.sql}
                snippetId={card.snippetId}
                config={card.config}
                onConfigChange={(config) => updateCard(report.id, card.id, config)}
                actions={
                  <Button size="sm" variant="ghost" onClick={() => removeCard(report.id, card.id)}>
                    {REMOVE_CARD_LABEL}
                  </Button>
                }
              />
            ))}
          </div>
        )}
      </section>
      {reportsV2 && (
        <section aria-label={SAVED_QUERIES_TITLE}>
          <h2 className="mb-2 text-sm font-semibold text-neutral-900">{SAVED_QUERIES_TITLE}</h2>
          <SavedQueryCards projectRef={projectRef} draggable />
        </section>
      )}
    </div>
  )
}

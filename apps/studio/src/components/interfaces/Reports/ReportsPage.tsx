import { type DragEvent, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useSnippetsQuery } from '../../../data/content/snippets-query'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { uuidv4 } from '../../../lib/uuid'
import { type Report, useReportsStore } from '../../../state/reports-store'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { QueryCard, readQueryCardDrag } from '../QueryCard/QueryCard'
import { snippetLabel } from '../SQLEditor/sql-editor.utils'
import {
  CARD_ADDED_MESSAGE,
  DROP_CARD_HINT,
  NEW_REPORT_LABEL,
  NEW_REPORT_NAME,
  NO_REPORTS,
  NO_SAVED_QUERIES,
  REPORTS_DESCRIPTION,
  REPORTS_STORAGE_NOTE,
  REPORTS_TITLE,
  SAVED_CARDS_PAGE_SIZE,
  SAVED_QUERIES_TITLE,
  SHOW_MORE_CARDS,
  YOUR_REPORTS_TITLE,
} from './reports.constants'

/** Adds a dropped query card to a report. */
export function useReportDrop(report: Report | undefined) {
  const addCard = useReportsStore((state) => state.addCard)
  const [over, setOver] = useState(false)
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!report) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setOver(true)
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false)
        const payload = readQueryCardDrag(event)
        if (!report || !payload) return
        event.preventDefault()
        addCard(report.id, { id: uuidv4(), ...payload })
        toast.success(CARD_ADDED_MESSAGE(report.name))
      },
    },
  }
}

function ReportDropTarget({ report, projectRef }: { report: Report; projectRef: string }) {
  const { over, handlers } = useReportDrop(report)
  return (
    <li
      {...handlers}
      data-testid="report-drop-target"
      className={`rounded-md border px-3 py-2 text-sm ${over ? 'border-emerald-500 bg-emerald-50' : 'border-neutral-200 bg-white'}`}
    >
      <Link to={`/project/${projectRef}/reports/${report.id}`} className="font-medium text-neutral-900 hover:underline">
        {report.name}
      </Link>
      <span className="ml-2 text-xs text-neutral-500">
        {report.cards.length} {report.cards.length === 1 ? 'card' : 'cards'} · {DROP_CARD_HINT}
      </span>
    </li>
  )
}

/** The saved queries of the project as query cards (draggable into a report under reportsV2). */
export function SavedQueryCards({ projectRef, draggable }: { projectRef: string; draggable: boolean }) {
  const snippets = useSnippetsQuery({ ref: projectRef })
  const [shown, setShown] = useState(SAVED_CARDS_PAGE_SIZE)
  if (snippets.isPending) return <Skeleton className="h-40" />
  if (snippets.isError) return <ErrorState error={snippets.error} onRetry={() => void snippets.refetch()} />
  const list = snippets.data.data
  if (list.length === 0) return <p className="text-sm text-neutral-500">{NO_SAVED_QUERIES}</p>
  return (
    <div className="space-y-4">
      <div className="grid gap-4 xl:grid-cols-2">
        {list.slice(0, shown).map((snippet) => (
          <QueryCard
            key={snippet.id}
            projectRef={projectRef}
            title={snippetLabel(snippet.name)}
            sql={snippet.content.sql}
            snippetId={snippet.id}
            draggable={draggable}
          />
        ))}
      </div>
      {list.length > shown && (
        <Button onClick={() => setShown((count) => count + SAVED_CARDS_PAGE_SIZE)}>
          {SHOW_MORE_CARDS(list.length - shown)}
        </Button>
      )}
    </div>
  )
}

/** /project/{ref}/reports: saved query cards, and (reportsV2) reports to drop them into. */
export function ReportsPage({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate()
  const reportsV2 = isFlagOn(useFlag('reportsV2'))
  const allReports = useReportsStore((state) => state.reports)
  const addReport = useReportsStore((state) => state.addReport)
  const reports = useMemo(
    () =>
      Object.values(allReports)
        .filter((report) => report.projectRef === projectRef)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [allReports, projectRef],
  )

  const newReport = () => {
    const report: Report = {
      id: uuidv4(),
      projectRef,
      name: NEW_REPORT_NAME,
      createdAt: new Date().toISOString(),
      cards: [],
    }
    addReport(report)
    navigate(`/project/${projectRef}/reports/${report.id}`)
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6" data-testid="reports-page">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900">{REPORTS_TITLE}</h1>
          <p className="text-sm text-neutral-600">{REPORTS_DESCRIPTION}</p>
        </div>
        {reportsV2 && (
          <Button variant="primary" onClick={newReport}>
            {NEW_REPORT_LABEL}
          </Button>
        )}
      </div>
      {reportsV2 && (
        <section aria-label={YOUR_REPORTS_TITLE}>
          <h2 className="mb-2 text-sm font-semibold text-neutral-900">{YOUR_REPORTS_TITLE}</h2>
          {reports.length === 0 ? (
            <p className="text-sm text-neutral-500">{NO_REPORTS}</p>
          ) : (
            <ul className="space-y-2">
              {reports.map((report) => (
                <ReportDropTarget key={report.id} report={report} projectRef={projectRef} />
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-neutral-500">{REPORTS_STORAGE_NOTE}</p>
        </section>
      )}
      <section aria-label={SAVED_QUERIES_TITLE}>
        <h2 className="mb-2 text-sm font-semibold text-neutral-900">{SAVED_QUERIES_TITLE}</h2>
        <SavedQueryCards projectRef={projectRef} draggable={reportsV2} />
      </section>
    </div>
  )
}

import type { ChartConfig, Report, SnippetVisibility } from '@pgfleet/contracts'
import { useMemo } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useLegacyReportsMigration } from '../../../data/content/legacy-reports-migration'
import { useReportDeleteMutation } from '../../../data/content/report-delete-mutation'
import { useReportQuery } from '../../../data/content/report-query'
import { useReportUpdateMutation } from '../../../data/content/report-update-mutation'
import { useSnippetsQuery } from '../../../data/content/snippets-query'
import { getErrorMessage, isApiError } from '../../../data/fetcher'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { uuidv4 } from '../../../lib/uuid'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { QueryCard } from '../QueryCard/QueryCard'
import {
  BACK_TO_REPORTS_LABEL,
  CARD_ADDED_MESSAGE,
  DELETE_REPORT_LABEL,
  REMOVE_CARD_LABEL,
  REPORT_DELETE_FAILED,
  REPORT_EMPTY,
  REPORT_NAME_LABEL,
  REPORT_NOT_FOUND_DESCRIPTION,
  REPORT_NOT_FOUND_TITLE,
  REPORT_READ_ONLY_NOTICE,
  REPORT_SAVE_FAILED,
  REPORT_VISIBILITY_LABEL,
  REPORT_VISIBILITY_OPTIONS,
  SAVED_QUERIES_TITLE,
} from './reports.constants'
import { cardSql, orderedCards, withCardAdded, withCardChart, withCardRemoved } from './reports.utils'
import { SavedQueryCards } from './SavedQueryCards'
import { useReportDrop } from './use-report-drop'

function ReportNotFound({ projectRef }: { projectRef: string }) {
  return (
    <div
      role="alert"
      data-testid="report-not-found"
      className="mx-auto my-10 max-w-lg rounded-lg border border-neutral-200 bg-white p-6 text-center"
    >
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

/** /project/{ref}/reports/{id}: a report's cards, saved on the server; under reportsV2 saved queries can be dropped in. */
export function ReportPage({ projectRef, reportId }: { projectRef: string; reportId: string }) {
  const migration = useLegacyReportsMigration()
  const report = useReportQuery({ ref: projectRef, id: reportId }, { enabled: !migration.isPending })
  if (migration.isPending || report.isPending) return <Skeleton className="m-6 h-64" />
  if (report.isError) {
    if (isApiError(report.error) && report.error.status === 404) return <ReportNotFound projectRef={projectRef} />
    return <ErrorState error={report.error} onRetry={() => void report.refetch()} />
  }
  return <ReportView projectRef={projectRef} report={report.data} />
}

function ReportView({ projectRef, report }: { projectRef: string; report: Report }) {
  const navigate = useNavigate()
  const reportsV2 = isFlagOn(useFlag('reportsV2'))
  const { data: profile } = useProfileQuery()
  const mine = profile !== undefined && report.owner_id === profile.id
  const snippets = useSnippetsQuery({ ref: projectRef })
  const snippetsById = useMemo(
    () => new Map((snippets.data?.data ?? []).map((snippet) => [snippet.id, snippet])),
    [snippets.data],
  )
  const onError = (error: Error) => toast.error(REPORT_SAVE_FAILED(getErrorMessage(error)))
  const update = useReportUpdateMutation({ ref: projectRef, id: report.id }, { onError })
  const remove = useReportDeleteMutation({
    onSuccess: () => navigate(`/project/${projectRef}/reports`),
    onError: (error) => toast.error(REPORT_DELETE_FAILED(getErrorMessage(error))),
  })
  const { over, handlers } = useReportDrop(projectRef, reportsV2 && mine ? report : undefined)
  const change = (fields: (current: Report) => ReturnType<typeof withCardRemoved>) =>
    update.mutate({ ref: projectRef, id: report.id, change: fields })
  const cards = orderedCards(report)

  return (
    <PageContainer className="space-y-6" data-testid="report-page" data-report-id={report.id}>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/project/${projectRef}/reports`} className="text-sm text-neutral-600 hover:underline">
          ← {BACK_TO_REPORTS_LABEL}
        </Link>
        <input
          key={report.name}
          aria-label={REPORT_NAME_LABEL}
          defaultValue={report.name}
          readOnly={!mine}
          onBlur={(event) => {
            const name = event.target.value.trim()
            if (mine && name && name !== report.name) change(() => ({ name }))
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur()
          }}
          className="min-w-0 flex-1 rounded border border-transparent px-1.5 py-1 text-lg font-semibold hover:border-neutral-200"
        />
        {mine && (
          <label className="flex items-center gap-1 text-xs text-neutral-600">
            {REPORT_VISIBILITY_LABEL}
            <select
              value={report.visibility}
              onChange={(event) => {
                const visibility = event.target.value as SnippetVisibility
                change(() => ({ visibility }))
              }}
              className="rounded border border-neutral-300 px-1 py-0.5"
            >
              {(Object.keys(REPORT_VISIBILITY_OPTIONS) as SnippetVisibility[]).map((value) => (
                <option key={value} value={value}>
                  {REPORT_VISIBILITY_OPTIONS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        {mine && (
          <Button
            variant="danger"
            size="sm"
            loading={remove.isPending}
            onClick={() => remove.mutate({ ref: projectRef, id: report.id })}
          >
            {DELETE_REPORT_LABEL}
          </Button>
        )}
      </div>
      {!mine && profile !== undefined && <Alert tone="info">{REPORT_READ_ONLY_NOTICE(report.owner.username)}</Alert>}
      <section
        {...handlers}
        aria-label={report.name}
        aria-busy={update.isPending}
        data-testid="report-cards"
        className={`min-h-32 rounded-lg border-2 border-dashed p-3 ${over ? 'border-emerald-500 bg-emerald-50' : 'border-neutral-200'}`}
      >
        {cards.length === 0 ? (
          <p className="p-6 text-center text-sm text-neutral-500">{REPORT_EMPTY}</p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {cards.map((card) => (
              <QueryCard
                key={card.id}
                projectRef={projectRef}
                title={card.title}
                sql={cardSql(card, snippetsById)}
                snippetId={card.snippet_id ?? undefined}
                config={card.chart}
                autoRun
                onConfigChange={
                  mine ? (chart: ChartConfig) => change((current) => withCardChart(current, card.id, chart)) : undefined
                }
                actions={
                  mine && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => change((current) => withCardRemoved(current, card.id))}
                    >
                      {REMOVE_CARD_LABEL}
                    </Button>
                  )
                }
              />
            ))}
          </div>
        )}
      </section>
      {mine && (
        <section aria-label={SAVED_QUERIES_TITLE}>
          <h2 className="mb-2 text-sm font-semibold text-neutral-900">{SAVED_QUERIES_TITLE}</h2>
          <SavedQueryCards
            projectRef={projectRef}
            draggable={reportsV2}
            onAdd={(card) => {
              const cardId = uuidv4()
              update.mutate(
                { ref: projectRef, id: report.id, change: (current) => withCardAdded(current, cardId, card) },
                { onSuccess: (saved) => toast.success(CARD_ADDED_MESSAGE(saved.name)) },
              )
            }}
          />
        </section>
      )}
    </PageContainer>
  )
}

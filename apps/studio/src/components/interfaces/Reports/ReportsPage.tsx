import { PermissionAction, PermissionResource, type Report } from '@pgfleet/contracts'
import { useState } from 'react'
import { Link } from 'react-router'
import { useLegacyReportsMigration } from '../../../data/content/legacy-reports-migration'
import { useReportsQuery } from '../../../data/content/reports-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { NewReportDialog } from './NewReportDialog'
import { QueryPerformance } from './QueryPerformance'
import {
  DROP_CARD_HINT,
  NEW_REPORT_LABEL,
  NO_REPORTS,
  REPORT_CREATE_FORBIDDEN_NOTICE,
  REPORTS_DESCRIPTION,
  REPORTS_TITLE,
  SAVED_QUERIES_TITLE,
  YOUR_REPORTS_TITLE,
} from './reports.constants'
import { SavedQueryCards } from './SavedQueryCards'
import { useReportDrop } from './use-report-drop'

function ReportDropTarget({
  report,
  projectRef,
  mine,
  dropping,
}: {
  report: Report
  projectRef: string
  mine: boolean
  /** cards can be dragged into reports (reportsV2) */
  dropping: boolean
}) {
  const { over, saving, handlers } = useReportDrop(projectRef, mine && dropping ? report : undefined)
  const count = report.content.layout.length
  return (
    <li
      {...handlers}
      data-testid="report-drop-target"
      data-report-id={report.id}
      aria-busy={saving}
      className={`rounded-md border px-3 py-2 text-sm ${over ? 'border-emerald-500 bg-emerald-50' : 'border-neutral-200 bg-white'}`}
    >
      <Link to={`/project/${projectRef}/reports/${report.id}`} className="font-medium text-neutral-900 hover:underline">
        {report.name}
      </Link>
      <span className="ml-2 text-xs text-neutral-500">
        {count} {count === 1 ? 'card' : 'cards'}
        {mine ? (dropping ? ` · ${DROP_CARD_HINT}` : '') : ` · ${report.owner.username}`}
      </span>
    </li>
  )
}

function ReportList({ projectRef, enabled, dropping }: { projectRef: string; enabled: boolean; dropping: boolean }) {
  const reports = useReportsQuery({ ref: projectRef }, { enabled })
  const { data: profile } = useProfileQuery()
  if (!enabled || reports.isPending) return <Skeleton className="h-16" />
  if (reports.isError) return <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
  if (reports.data.data.length === 0) return <p className="text-sm text-neutral-500">{NO_REPORTS}</p>
  return (
    <ul className="space-y-2" data-testid="reports-list">
      {reports.data.data.map((report) => (
        <ReportDropTarget
          key={report.id}
          report={report}
          projectRef={projectRef}
          mine={report.owner_id === profile?.id}
          dropping={dropping}
        />
      ))}
    </ul>
  )
}

/**
 * /project/{ref}/reports: the project's reports, a way to start one, the database's slowest and most frequent
 * statements, and the saved queries as cards.
 */
export function ReportsPage({ projectRef }: { projectRef: string }) {
  const reportsV2 = isFlagOn(useFlag('reportsV2'))
  // reports an earlier version kept in this browser move to the server before the list is read
  const migration = useLegacyReportsMigration()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const { can: canCreate } = useCan(PermissionAction.CREATE, PermissionResource.USER_CONTENT, {
    orgSlug: project?.organization_slug,
  })
  const [creating, setCreating] = useState(false)

  return (
    <PageContainer className="space-y-6" data-testid="reports-page">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold text-neutral-900">{REPORTS_TITLE}</h1>
          <p className="text-sm text-neutral-600">{REPORTS_DESCRIPTION}</p>
        </div>
        <Button
          variant="primary"
          disabled={!canCreate}
          title={canCreate ? undefined : REPORT_CREATE_FORBIDDEN_NOTICE}
          onClick={() => setCreating(true)}
        >
          {NEW_REPORT_LABEL}
        </Button>
      </div>
      <section aria-label={YOUR_REPORTS_TITLE}>
        <h2 className="mb-2 text-sm font-semibold text-neutral-900">{YOUR_REPORTS_TITLE}</h2>
        <ReportList projectRef={projectRef} enabled={!migration.isPending} dropping={reportsV2} />
      </section>
      <NewReportDialog projectRef={projectRef} open={creating} onOpenChange={setCreating} />
      <QueryPerformance projectRef={projectRef} />
      <section aria-label={SAVED_QUERIES_TITLE}>
        <h2 className="mb-2 text-sm font-semibold text-neutral-900">{SAVED_QUERIES_TITLE}</h2>
        <SavedQueryCards projectRef={projectRef} draggable={reportsV2} />
      </section>
    </PageContainer>
  )
}

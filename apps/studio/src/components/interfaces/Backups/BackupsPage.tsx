import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import { useEffect, useRef } from 'react'
import { useParams } from 'react-router'
import { useBackupScheduleQuery } from '../../../data/backups/backup-schedule-query'
import { useDownloadableBackupsQuery } from '../../../data/backups/downloadable-backups-query'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { ErrorState } from '../../ui/ErrorState'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { BackupSchedulePanel } from './BackupSchedulePanel'
import { BackupsList } from './BackupsList'
import {
  BACKUPS_LOAD_FAILED_TITLE,
  BACKUPS_PAGE_DESCRIPTION,
  BACKUPS_PAGE_TITLE,
  NO_BACKUPS_MESSAGE,
  SCHEDULE_LOAD_FAILED_TITLE,
  SCHEDULED_BACKUPS_PAGE_DESCRIPTION,
  SCHEDULED_BACKUPS_PAGE_TITLE,
} from './backups.constants'

/**
 * /project/{ref}/database/backups: the downloadable backups. …/backups/scheduled adds the schedule, a backup on
 * demand and restoring a backup in place.
 */
export function BackupsPage({ scheduled = false }: { scheduled?: boolean }) {
  const { ref = '' } = useParams()
  const { data: project } = useProjectDetailQuery({ ref })
  const { can: canManage } = useCan(PermissionAction.UPDATE, PermissionResource.BACKUPS, {
    orgSlug: project?.organization_slug,
  })
  const schedule = useBackupScheduleQuery({ ref }, { enabled: scheduled })
  const inProgress = schedule.data?.in_progress ?? false
  const { data, isPending, isError, error, refetch, isFetching } = useDownloadableBackupsQuery({ ref })
  // the server decides: where backups cannot be downloaded, the page says why and offers no download
  const downloadUnavailable = project?.unavailable_operations.backup_download ?? null
  // a backup that just finished joins the list
  const wasInProgress = useRef(inProgress)
  useEffect(() => {
    if (wasInProgress.current && !inProgress) void refetch()
    wasInProgress.current = inProgress
  }, [inProgress, refetch])

  return (
    <PageContainer className="space-y-6" data-testid="backups-page">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-neutral-900">
          {scheduled ? SCHEDULED_BACKUPS_PAGE_TITLE : BACKUPS_PAGE_TITLE}
        </h1>
        <p className="text-sm text-neutral-600">
          {scheduled ? SCHEDULED_BACKUPS_PAGE_DESCRIPTION : BACKUPS_PAGE_DESCRIPTION}
        </p>
      </div>
      {scheduled &&
        (schedule.isPending ? (
          <Skeleton className="h-40" />
        ) : schedule.isError ? (
          <ErrorState
            title={SCHEDULE_LOAD_FAILED_TITLE}
            error={schedule.error}
            onRetry={() => void schedule.refetch()}
            retrying={schedule.isFetching}
          />
        ) : (
          <BackupSchedulePanel
            key={`${schedule.data.interval_hours}-${schedule.data.configured_retention_days}`}
            projectRef={ref}
            schedule={schedule.data}
            canManage={canManage}
          />
        ))}
      {downloadUnavailable && (
        <p
          className="rounded-lg border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-700"
          data-testid="backup-download-unavailable"
        >
          {downloadUnavailable}
        </p>
      )}
      {isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading backups</span>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : isError ? (
        <ErrorState
          title={BACKUPS_LOAD_FAILED_TITLE}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.backups.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-neutral-300 bg-white p-6 text-sm text-neutral-600"
          data-testid="no-backups"
        >
          {NO_BACKUPS_MESSAGE}
        </p>
      ) : (
        <BackupsList
          projectRef={ref}
          backups={data.backups}
          canRestore={scheduled && canManage && project?.status === 'ACTIVE_HEALTHY'}
          canDownload={!downloadUnavailable}
        />
      )}
    </PageContainer>
  )
}

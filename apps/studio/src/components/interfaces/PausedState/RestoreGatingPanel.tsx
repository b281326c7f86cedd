import type { PauseStatus, PlanId, Project } from '@pgfleet/contracts'
import { useDownloadableBackupsQuery } from '../../../data/backups/downloadable-backups-query'
import { getErrorMessage } from '../../../data/fetcher'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { RETRY_LABEL } from '../../ui/ui.constants'
import { BackupsList } from '../Backups/BackupsList'
import {
  BACKUPS_LOAD_FAILED,
  COMPUTE_BILLING_NOTICE,
  DAYS_REMAINING,
  DOWNLOAD_BACKUPS_TITLE,
  FREE_PLAN_RESTORE_WINDOW,
  LATEST_RESTORE_DATE,
  NO_BACKUPS_AVAILABLE,
  NO_BACKUPS_TOOLTIP,
  PAUSE_STATUS_LOAD_FAILED,
  PAUSE_STATUS_LOADING,
  RESTORE_DISABLED_DESCRIPTION,
  RESTORE_DISABLED_TITLE,
} from './paused-state.constants'
import { formatRestoreDeadline, isFreePlan } from './paused-state.utils'
import { StorageArchiveButton } from './StorageArchiveButton'

type PauseStatusQuery = {
  data: PauseStatus | undefined
  isPending: boolean
  isError: boolean
  error: unknown
  isFetching: boolean
  refetch: () => unknown
}

/** The backups of a project that can no longer be restored, and (flag enableNinetyDayStorageDownload) its storage. */
function DownloadsAfterExpiry({ project }: { project: Project }) {
  const backups = useDownloadableBackupsQuery({ ref: project.ref })
  const storageDownload = isFlagOn(useFlag('enableNinetyDayStorageDownload'))
  return (
    <div className="space-y-3" data-testid="expired-downloads">
      <h2 className="text-sm font-semibold text-neutral-900">{DOWNLOAD_BACKUPS_TITLE}</h2>
      {backups.isPending ? (
        <Skeleton className="h-10" />
      ) : backups.isError ? (
        <Alert tone="error" title={BACKUPS_LOAD_FAILED}>
          {getErrorMessage(backups.error)}
        </Alert>
      ) : backups.data.backups.length === 0 ? (
        <Tooltip content={NO_BACKUPS_TOOLTIP} wrapDisabled>
          <Button disabled data-testid="no-backups-available">
            {NO_BACKUPS_AVAILABLE}
          </Button>
        </Tooltip>
      ) : (
        <BackupsList projectRef={project.ref} backups={backups.data.backups} />
      )}
      {storageDownload && <StorageArchiveButton projectRef={project.ref} orgSlug={project.organization_slug} />}
    </div>
  )
}

/**
 * Flag enforceNinetyDayUnpauseExpiry: how long the project can still be restored (free plan), a compute-billing
 * notice (paid plans), or, past the window, the downloads that remain.
 */
export function RestoreGatingPanel({
  project,
  planId,
  pauseStatus,
}: {
  project: Project
  planId: PlanId | undefined
  pauseStatus: PauseStatusQuery
}) {
  if (pauseStatus.isPending) {
    return (
      <div role="status" className="space-y-2" data-testid="restore-gating-loading">
        <span className="sr-only">{PAUSE_STATUS_LOADING}</span>
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-4 w-56 max-w-full" />
      </div>
    )
  }
  if (pauseStatus.isError || !pauseStatus.data) {
    return (
      <Alert tone="error" title={PAUSE_STATUS_LOAD_FAILED} data-testid="restore-gating-error">
        <p>{getErrorMessage(pauseStatus.error)}</p>
        <Button size="sm" className="mt-2" onClick={() => void pauseStatus.refetch()} loading={pauseStatus.isFetching}>
          {RETRY_LABEL}
        </Button>
      </Alert>
    )
  }

  const status = pauseStatus.data
  if (!status.can_restore) {
    return (
      <div className="space-y-4" data-testid="restore-gating">
        <Alert tone="warning" title={RESTORE_DISABLED_TITLE}>
          {RESTORE_DISABLED_DESCRIPTION(status.max_days_till_restore_disabled)}
        </Alert>
        <DownloadsAfterExpiry project={project} />
      </div>
    )
  }

  if (isFreePlan(planId)) {
    const deadline = formatRestoreDeadline(status.restore_disabled_at)
    return (
      <Alert tone="info" data-testid="restore-gating">
        {status.remaining_days_till_restore_disabled !== null && (
          <p className="font-medium" data-testid="restore-days-remaining">
            {DAYS_REMAINING(status.remaining_days_till_restore_disabled)}
          </p>
        )}
        {deadline && <p data-testid="restore-deadline">{LATEST_RESTORE_DATE(deadline)}</p>}
        <p className="mt-1">{FREE_PLAN_RESTORE_WINDOW(status.max_days_till_restore_disabled)}</p>
      </Alert>
    )
  }

  return (
    <Alert tone="info" data-testid="restore-gating">
      {COMPUTE_BILLING_NOTICE}
    </Alert>
  )
}

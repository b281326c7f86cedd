import { useParams } from 'react-router'
import { useDownloadableBackupsQuery } from '../../../data/backups/downloadable-backups-query'
import { ErrorState } from '../../ui/ErrorState'
import { Skeleton } from '../../ui/Skeleton'
import { BackupsList } from './BackupsList'
import {
  BACKUPS_LOAD_FAILED_TITLE,
  BACKUPS_PAGE_DESCRIPTION,
  BACKUPS_PAGE_TITLE,
  NO_BACKUPS_MESSAGE,
  SCHEDULED_BACKUPS_PAGE_DESCRIPTION,
  SCHEDULED_BACKUPS_PAGE_TITLE,
} from './backups.constants'

/** /project/{ref}/database/backups and …/backups/scheduled: the downloadable backups. */
export function BackupsPage({ scheduled = false }: { scheduled?: boolean }) {
  const { ref = '' } = useParams()
  const { data, isPending, isError, error, refetch, isFetching } = useDownloadableBackupsQuery({ ref })

  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6 md:p-10" data-testid="backups-page">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-neutral-900">
          {scheduled ? SCHEDULED_BACKUPS_PAGE_TITLE : BACKUPS_PAGE_TITLE}
        </h1>
        <p className="text-sm text-neutral-600">
          {scheduled ? SCHEDULED_BACKUPS_PAGE_DESCRIPTION : BACKUPS_PAGE_DESCRIPTION}
        </p>
      </div>
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
        <BackupsList projectRef={ref} backups={data.backups} />
      )}
    </div>
  )
}

import type { Project } from '@pgfleet/contracts'
import { toast } from 'sonner'
import { useBackupDownloadMutation } from '../../../data/backups/backup-download-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectPauseStatusQuery } from '../../../data/projects/project-pause-status-query'
import { startBrowserDownload } from '../../../lib/download'
import { Button } from '../../ui/Button'
import {
  BACKUP_DOWNLOAD_FAILED_MESSAGE,
  DOWNLOAD_LATEST_BACKUP_LABEL,
  NO_BACKUPS_TO_DOWNLOAD_MESSAGE,
} from './project-status.constants'

/**
 * The project's latest backup (named by its pause status), handed to the browser as a download. Where the server
 * says backups cannot be downloaded, a disabled button with the reason.
 */
export function DownloadLatestBackupButton({ project }: { project: Project }) {
  const unavailable = project.unavailable_operations.backup_download
  if (unavailable) {
    return (
      <div className="space-y-1" data-testid="download-latest-backup-unavailable">
        <Button disabled title={unavailable}>
          {DOWNLOAD_LATEST_BACKUP_LABEL}
        </Button>
        <p className="text-xs text-neutral-600">{unavailable}</p>
      </div>
    )
  }
  return <LatestBackupDownload project={project} />
}

function LatestBackupDownload({ project }: { project: Project }) {
  const pauseStatus = useProjectPauseStatusQuery({ ref: project.ref })
  const download = useBackupDownloadMutation({
    onSuccess: ({ fileUrl }) => startBrowserDownload(fileUrl),
    onError: (error) => toast.error(BACKUP_DOWNLOAD_FAILED_MESSAGE(getErrorMessage(error))),
  })

  const handleClick = () => {
    if (pauseStatus.isError) {
      toast.error(BACKUP_DOWNLOAD_FAILED_MESSAGE(getErrorMessage(pauseStatus.error)))
      return
    }
    const id = pauseStatus.data?.latest_downloadable_backup_id
    if (id === undefined || id === null) {
      toast.error(NO_BACKUPS_TO_DOWNLOAD_MESSAGE)
      return
    }
    download.mutate({ ref: project.ref, backup: { id, project_id: project.id } })
  }

  return (
    <Button
      onClick={handleClick}
      loading={pauseStatus.isPending || download.isPending}
      data-testid="download-latest-backup"
    >
      {DOWNLOAD_LATEST_BACKUP_LABEL}
    </Button>
  )
}

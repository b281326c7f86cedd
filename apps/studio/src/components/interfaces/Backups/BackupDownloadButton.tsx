import type { Backup } from '@pgfleet/contracts'
import { toast } from 'sonner'
import { useBackupDownloadMutation } from '../../../data/backups/backup-download-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { startBrowserDownload } from '../../../lib/download'
import { Button } from '../../ui/Button'
import { BACKUP_DOWNLOAD_FAILED_MESSAGE } from '../ProjectStatus/project-status.constants'
import { DOWNLOAD_LABEL } from './backups.constants'

/** POST …/backups/download answers a file address; the browser then downloads the archive. */
export function BackupDownloadButton({ projectRef, backup }: { projectRef: string; backup: Backup }) {
  const download = useBackupDownloadMutation({
    onSuccess: ({ fileUrl }) => startBrowserDownload(fileUrl),
    onError: (error) => toast.error(BACKUP_DOWNLOAD_FAILED_MESSAGE(getErrorMessage(error))),
  })
  return (
    <Button
      size="sm"
      loading={download.isPending}
      onClick={() => download.mutate({ ref: projectRef, backup })}
      data-testid="backup-download"
    >
      {DOWNLOAD_LABEL}
    </Button>
  )
}

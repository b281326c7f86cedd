import type { Backup } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useBackupRestoreMutation } from '../../../data/backups/backup-restore-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import {
  RESTORE_BACKUP_CONFIRM,
  RESTORE_BACKUP_DESCRIPTION,
  RESTORE_BACKUP_FAILED_MESSAGE,
  RESTORE_BACKUP_LABEL,
  RESTORE_BACKUP_TITLE,
} from './backups.constants'
import { formatBackupDate } from './backups.utils'

/** Restore in place, after a confirmation naming the backup; the project then shows its restoring screen. */
export function BackupRestoreButton({ projectRef, backup }: { projectRef: string; backup: Backup }) {
  const [open, setOpen] = useState(false)
  const restore = useBackupRestoreMutation({
    onSuccess: () => setOpen(false),
    onError: (error) => toast.error(RESTORE_BACKUP_FAILED_MESSAGE(getErrorMessage(error))),
  })
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="backup-restore">
        {RESTORE_BACKUP_LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={RESTORE_BACKUP_TITLE(formatBackupDate(backup.inserted_at))}
        description={RESTORE_BACKUP_DESCRIPTION}
        confirmLabel={RESTORE_BACKUP_CONFIRM}
        variant="danger"
        loading={restore.isPending}
        onConfirm={() => restore.mutate({ ref: projectRef, id: backup.id })}
        data-testid="backup-restore-dialog"
      />
    </>
  )
}

import type { Backup } from '@pgfleet/contracts'
import { BackupDownloadButton } from './BackupDownloadButton'
import { BackupRestoreButton } from './BackupRestoreButton'
import { BACKUP_COLUMNS, BACKUP_STATUS_LABELS } from './backups.constants'
import { formatBackupDate, formatBackupKind, formatBytes, sortBackups } from './backups.utils'

/** Date, kind, size and status of each backup, newest first, with download (and restore, for managers). */
export function BackupsList({
  projectRef,
  backups,
  canRestore = false,
  canDownload = true,
}: {
  projectRef: string
  backups: readonly Backup[]
  canRestore?: boolean
  /** False where the server says backups cannot be downloaded (the page shows why, once). */
  canDownload?: boolean
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white shadow-xs">
      <table className="w-full text-left text-sm" data-testid="backups-list">
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-500">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {BACKUP_COLUMNS.date}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {BACKUP_COLUMNS.kind}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {BACKUP_COLUMNS.size}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {BACKUP_COLUMNS.postgres}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {BACKUP_COLUMNS.status}
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {sortBackups(backups).map((backup) => (
            <tr key={backup.id} data-testid="backup-row">
              <td className="px-4 py-2.5 whitespace-nowrap text-neutral-900">{formatBackupDate(backup.inserted_at)}</td>
              <td className="px-4 py-2.5 text-neutral-700">{formatBackupKind(backup.kind)}</td>
              <td className="px-4 py-2.5 whitespace-nowrap text-neutral-700">{formatBytes(backup.size_bytes)}</td>
              <td className="px-4 py-2.5 text-neutral-700">{backup.postgres_major}</td>
              <td className="px-4 py-2.5 text-neutral-700" data-testid="backup-status">
                {BACKUP_STATUS_LABELS[backup.status] ?? backup.status}
              </td>
              <td className="px-4 py-2.5 text-right whitespace-nowrap">
                <span className="inline-flex gap-2">
                  {canRestore && <BackupRestoreButton projectRef={projectRef} backup={backup} />}
                  {canDownload && <BackupDownloadButton projectRef={projectRef} backup={backup} />}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

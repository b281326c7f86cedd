import type { BackupSchedule } from '@pgfleet/contracts'
import { toast } from 'sonner'
import { useRestoreCheckMutation } from '../../../data/backups/restore-check-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { cn } from '../../../lib/cn'
import { Button } from '../../ui/Button'
import {
  MANAGE_BACKUPS_DENIED,
  RESTORE_CHECK_DESCRIPTION,
  RESTORE_CHECK_FAILED,
  RESTORE_CHECK_NEVER,
  RESTORE_CHECK_NOW_LABEL,
  RESTORE_CHECK_PASSED,
  RESTORE_CHECK_RUNNING,
  RESTORE_CHECK_START_FAILED,
  RESTORE_CHECK_TITLE,
} from './backups.constants'
import { formatBackupDate } from './backups.utils'

/** The last restore check: passed, failed (with why) or running, and a check on demand. */
export function RestoreCheck({
  projectRef,
  check,
  canManage,
}: {
  projectRef: string
  check: BackupSchedule['restore_check']
  canManage: boolean
}) {
  const start = useRestoreCheckMutation({
    onError: (error) => toast.error(RESTORE_CHECK_START_FAILED(getErrorMessage(error))),
  })
  const running = check !== null && check.ok === null
  const summary =
    check === null
      ? RESTORE_CHECK_NEVER
      : running
        ? RESTORE_CHECK_RUNNING
        : check.ok
          ? RESTORE_CHECK_PASSED(formatBackupDate(check.checked_at))
          : RESTORE_CHECK_FAILED(formatBackupDate(check.checked_at))
  return (
    <div
      className="flex flex-wrap items-start justify-between gap-3 border-t border-neutral-200 pt-4"
      data-testid="restore-check"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="text-sm font-semibold text-neutral-900">{RESTORE_CHECK_TITLE}</h3>
        <p className="text-xs text-neutral-500">{RESTORE_CHECK_DESCRIPTION}</p>
        <p
          className={cn(
            'text-sm',
            check?.ok === false ? 'text-red-700' : check?.ok ? 'text-emerald-700' : 'text-neutral-700',
          )}
          data-testid="restore-check-summary"
          data-ok={check?.ok === undefined || check?.ok === null ? undefined : String(check.ok)}
        >
          {summary}
        </p>
        {check?.detail && (
          <p className="text-xs break-words text-neutral-600" data-testid="restore-check-detail">
            {check.detail}
          </p>
        )}
      </div>
      <Button
        size="sm"
        disabled={!canManage || running}
        title={canManage ? undefined : MANAGE_BACKUPS_DENIED}
        loading={start.isPending}
        onClick={() => start.mutate({ ref: projectRef })}
        data-testid="restore-check-now"
      >
        {RESTORE_CHECK_NOW_LABEL}
      </Button>
    </div>
  )
}

import { BACKUP_INTERVAL_HOURS, type BackupSchedule } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useBackupCreateMutation } from '../../../data/backups/backup-create-mutation'
import { useBackupScheduleUpdateMutation } from '../../../data/backups/backup-schedule-update-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DetailList } from '../../ui/DetailList'
import { Select } from '../../ui/Select'
import {
  BACKUP_FAILED_TO_START_MESSAGE,
  BACKUP_IN_PROGRESS_LABEL,
  BACKUP_NOW_LABEL,
  BACKUP_STARTED_MESSAGE,
  BACKUPS_DISK_LABEL,
  INTERVAL_LABEL,
  LAST_BACKUP_FAILED_TITLE,
  LAST_BACKUP_LABEL,
  MANAGE_BACKUPS_DENIED,
  NEXT_BACKUP_LABEL,
  NO_LAST_BACKUP,
  NO_NEXT_BACKUP,
  RETENTION_CHOICES_DAYS,
  RETENTION_DAYS_LABEL,
  RETENTION_PLAN_DEFAULT,
  SAVE_SCHEDULE_LABEL,
  SCHEDULE_INTERVAL_LABEL,
  SCHEDULE_RETENTION_LABEL,
  SCHEDULE_SAVE_FAILED_MESSAGE,
  SCHEDULE_SAVED_MESSAGE,
  SCHEDULE_TITLE,
} from './backups.constants'
import { formatBackupDate, formatBytes } from './backups.utils'
import { RestoreCheck } from './RestoreCheck'

const PLAN_DEFAULT = 'plan'

/** The schedule (interval and retention), when the next backup runs, and a backup on demand. */
export function BackupSchedulePanel({
  projectRef,
  schedule,
  canManage,
}: {
  projectRef: string
  schedule: BackupSchedule
  canManage: boolean
}) {
  const [interval, setIntervalHours] = useState(String(schedule.interval_hours))
  const [retention, setRetention] = useState(
    schedule.configured_retention_days === null ? PLAN_DEFAULT : String(schedule.configured_retention_days),
  )
  const save = useBackupScheduleUpdateMutation({
    onSuccess: () => toast.success(SCHEDULE_SAVED_MESSAGE),
    onError: (error) => toast.error(SCHEDULE_SAVE_FAILED_MESSAGE(getErrorMessage(error))),
  })
  const backupNow = useBackupCreateMutation({
    onSuccess: () => toast.success(BACKUP_STARTED_MESSAGE),
    onError: (error) => toast.error(BACKUP_FAILED_TO_START_MESSAGE(getErrorMessage(error))),
  })
  const retentionChoices = [...new Set([...RETENTION_CHOICES_DAYS, schedule.configured_retention_days ?? 1])].sort(
    (a, b) => a - b,
  )
  const changed =
    interval !== String(schedule.interval_hours) ||
    retention !==
      (schedule.configured_retention_days === null ? PLAN_DEFAULT : String(schedule.configured_retention_days))

  return (
    <section
      aria-labelledby="backup-schedule-title"
      className="space-y-4 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs"
      data-testid="backup-schedule"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="backup-schedule-title" className="text-base font-semibold text-neutral-900">
          {SCHEDULE_TITLE}
        </h2>
        <Button
          size="sm"
          disabled={!canManage || schedule.in_progress}
          title={canManage ? undefined : MANAGE_BACKUPS_DENIED}
          loading={backupNow.isPending}
          onClick={() => backupNow.mutate({ ref: projectRef })}
          data-testid="backup-now"
        >
          {BACKUP_NOW_LABEL}
        </Button>
      </div>
      {schedule.in_progress && (
        <p role="status" className="text-sm text-neutral-700" data-testid="backup-in-progress">
          {BACKUP_IN_PROGRESS_LABEL}
        </p>
      )}
      {schedule.last_error && (
        <Alert tone="error" title={LAST_BACKUP_FAILED_TITLE} data-testid="backup-last-error">
          {schedule.last_error}
        </Alert>
      )}
      <DetailList
        className="grid sm:grid-cols-3"
        testIdPrefix="backup-"
        details={[
          {
            label: NEXT_BACKUP_LABEL,
            value: schedule.next_backup_at ? formatBackupDate(schedule.next_backup_at) : NO_NEXT_BACKUP,
            testId: 'next',
          },
          {
            label: LAST_BACKUP_LABEL,
            value: schedule.last_backup_at ? formatBackupDate(schedule.last_backup_at) : NO_LAST_BACKUP,
            testId: 'last',
          },
          { label: BACKUPS_DISK_LABEL, value: formatBytes(schedule.backups_bytes), testId: 'disk' },
        ]}
      />
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({
            ref: projectRef,
            interval_hours: Number(interval),
            retention_days: retention === PLAN_DEFAULT ? null : Number(retention),
          })
        }}
      >
        <Select
          label={SCHEDULE_INTERVAL_LABEL}
          value={interval}
          disabled={!canManage}
          onChange={(event) => setIntervalHours(event.target.value)}
          options={BACKUP_INTERVAL_HOURS.map((hours) => ({ value: String(hours), label: INTERVAL_LABEL(hours) }))}
          data-testid="backup-interval"
        />
        <Select
          label={SCHEDULE_RETENTION_LABEL}
          value={retention}
          disabled={!canManage}
          onChange={(event) => setRetention(event.target.value)}
          options={[
            { value: PLAN_DEFAULT, label: RETENTION_PLAN_DEFAULT(schedule.plan_retention_days) },
            ...retentionChoices.map((days) => ({ value: String(days), label: RETENTION_DAYS_LABEL(days) })),
          ]}
          data-testid="backup-retention"
        />
        <Button
          type="submit"
          disabled={!canManage || !changed}
          loading={save.isPending}
          data-testid="backup-save-schedule"
        >
          {SAVE_SCHEDULE_LABEL}
        </Button>
      </form>
      <RestoreCheck projectRef={projectRef} check={schedule.restore_check} canManage={canManage} />
    </section>
  )
}

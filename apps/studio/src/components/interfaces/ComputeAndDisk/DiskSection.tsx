import { DISK_MAX_SIZE_GB, UpdateDiskBody } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDiskQuery } from '../../../data/resources/project-disk-query'
import { useProjectDiskUpdateMutation } from '../../../data/resources/project-disk-update-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { Skeleton } from '../../ui/Skeleton'
import { Tooltip } from '../../ui/Tooltip'
import { formatBytes } from '../Backups/backups.utils'
import {
  DISK_LOAD_FAILED,
  DISK_NOT_SAMPLED,
  DISK_NOTE,
  DISK_READ_ONLY_NOTE,
  DISK_READ_ONLY_RULE,
  DISK_SAVE_LABEL,
  DISK_SECTION_TITLE,
  DISK_SIZE_LABEL,
  DISK_UPDATE_FAILED,
  DISK_UPDATED_TOAST,
  DISK_USE_BREAKDOWN,
  DISK_USE_LABEL,
} from './compute-and-disk.constants'

/** The disk size (changed at once: nothing restarts) and what the latest sample found on the disk. */
export function DiskSection({ projectRef, blockedReason }: { projectRef: string; blockedReason: string | undefined }) {
  const diskQuery = useProjectDiskQuery({ ref: projectRef })
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  const update = useProjectDiskUpdateMutation({
    onSuccess: () => {
      toast.success(DISK_UPDATED_TOAST)
      setDraft(null)
    },
    onError: (failure) => toast.error(DISK_UPDATE_FAILED(getErrorMessage(failure))),
  })
  const disk = diskQuery.data

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = UpdateDiskBody.safeParse({ size_gb: Number(draft) })
    if (draft === null || draft.trim() === '' || !parsed.success) {
      setError(parsed.error?.issues[0]?.message ?? 'Enter a size in GB')
      return
    }
    setError(undefined)
    update.mutate({ ref: projectRef, sizeGb: parsed.data.size_gb })
  }

  return (
    <section aria-labelledby="disk-title" className="space-y-3">
      <h2 id="disk-title" className="text-base font-semibold text-neutral-900">
        {DISK_SECTION_TITLE}
      </h2>
      <p className="text-sm text-neutral-600" data-testid="disk-note">
        {DISK_NOTE}
      </p>
      {diskQuery.isPending ? (
        <Skeleton className="h-20" />
      ) : diskQuery.isError ? (
        <ErrorState
          title={DISK_LOAD_FAILED}
          error={diskQuery.error}
          onRetry={() => void diskQuery.refetch()}
          retrying={diskQuery.isFetching}
        />
      ) : (
        disk && (
          <div className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4">
            {disk.is_readonly_mode_enabled && (
              <Alert tone="error" data-testid="disk-read-only">
                {DISK_READ_ONLY_NOTE}
              </Alert>
            )}
            <p className="text-sm text-neutral-700" data-testid="disk-use">
              {DISK_USE_LABEL}:{' '}
              {disk.used_bytes === null || disk.used_percent === null ? (
                DISK_NOT_SAMPLED
              ) : (
                <>
                  <span className="font-medium text-neutral-900">
                    {formatBytes(disk.used_bytes)} of {formatBytes(disk.size_bytes)} ({disk.used_percent.toFixed(1)}%)
                  </span>
                  <span className="block text-xs text-neutral-500">
                    {DISK_USE_BREAKDOWN(
                      formatBytes(disk.wal_bytes ?? 0),
                      formatBytes(disk.temp_bytes ?? 0),
                      formatBytes(disk.wal_archive_bytes ?? 0),
                    )}
                  </span>
                </>
              )}
            </p>
            <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
              <Input
                label={DISK_SIZE_LABEL}
                type="number"
                inputMode="decimal"
                min={0}
                max={DISK_MAX_SIZE_GB}
                step="any"
                value={draft ?? String(Number(disk.size_gb.toFixed(3)))}
                onChange={(event) => setDraft(event.target.value)}
                error={error}
                disabled={Boolean(blockedReason) || update.isPending}
                fieldClassName="w-48"
                data-testid="disk-size-input"
              />
              <Tooltip content={blockedReason} wrapDisabled>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={Boolean(blockedReason) || draft === null}
                  loading={update.isPending}
                  data-testid="disk-size-save"
                >
                  {DISK_SAVE_LABEL}
                </Button>
              </Tooltip>
            </form>
            <p className="text-xs text-neutral-500">{DISK_READ_ONLY_RULE}</p>
          </div>
        )
      )}
    </section>
  )
}

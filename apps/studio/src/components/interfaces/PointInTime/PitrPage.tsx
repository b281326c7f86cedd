import { PermissionAction, PermissionResource, type PitrStatus, type Project } from '@pgfleet/contracts'
import { type ReactNode, useState } from 'react'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import { usePitrRestoreMutation } from '../../../data/backups/pitr-restore-mutation'
import { usePitrStatusQuery } from '../../../data/backups/pitr-status-query'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectDetailQuery } from '../../../data/projects/project-detail-query'
import { useCan } from '../../../lib/use-can'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { DetailList } from '../../ui/DetailList'
import { ErrorState } from '../../ui/ErrorState'
import { Input } from '../../ui/Input'
import { PageContainer } from '../../ui/PageContainer'
import { Skeleton } from '../../ui/Skeleton'
import { MANAGE_BACKUPS_DENIED } from '../Backups/backups.constants'
import {
  PITR_ADDON_PATH,
  PITR_CONFIRM_DESCRIPTION,
  PITR_CONFIRM_LABEL,
  PITR_CONFIRM_TITLE,
  PITR_DISABLED_MESSAGE,
  PITR_EARLIEST_LABEL,
  PITR_ENABLE_LINK_LABEL,
  PITR_LATEST_LABEL,
  PITR_LATEST_NOW,
  PITR_LOAD_FAILED_TITLE,
  PITR_NOT_RUNNING,
  PITR_OUTSIDE_WINDOW,
  PITR_PAGE_DESCRIPTION,
  PITR_PAGE_TITLE,
  PITR_RESTORE_FAILED,
  PITR_START_LABEL,
  PITR_TARGET_LABEL,
  PITR_TIME_ZONE_NOTE,
  PITR_WINDOW_OPENING,
  PITR_WINDOW_TITLE,
} from './pitr.constants'
import {
  browserTimeZone,
  formatLocalInstant,
  formatUtcInstant,
  isWithinWindow,
  parseDateTimeLocal,
  toDateTimeLocalValue,
  toUnixSeconds,
} from './pitr.utils'

/** /project/{ref}/database/backups/pitr: the recoverable window and a restore to a chosen second. */
export function PitrPage() {
  const { ref = '' } = useParams()
  const { data: project } = useProjectDetailQuery({ ref })
  const status = usePitrStatusQuery({ ref })

  let body: ReactNode
  if (status.isPending || !project) body = <Skeleton className="h-40" />
  else if (status.isError) {
    body = (
      <ErrorState
        title={PITR_LOAD_FAILED_TITLE}
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    )
  } else if (!status.data.enabled) {
    body = (
      <Alert tone="info" data-testid="pitr-disabled">
        <p>{PITR_DISABLED_MESSAGE}</p>
        <Link to={PITR_ADDON_PATH(ref)} className="mt-2 inline-block font-medium underline">
          {PITR_ENABLE_LINK_LABEL}
        </Link>
      </Alert>
    )
  } else if (project.status !== 'ACTIVE_HEALTHY') {
    body = <Alert tone="warning">{PITR_NOT_RUNNING}</Alert>
  } else if (!status.data.earliest_recovery_time || !status.data.latest_recovery_time) {
    body = (
      <p role="status" className="text-sm text-neutral-700" data-testid="pitr-opening">
        {PITR_WINDOW_OPENING}
      </p>
    )
  } else {
    body = <PitrRestoreForm project={project} status={status.data} onOpen={() => void status.refetch()} />
  }

  return (
    <PageContainer className="space-y-6" data-testid="pitr-page">
      <div className="space-y-2">
        <h1 className="text-xl font-semibold text-neutral-900">{PITR_PAGE_TITLE}</h1>
        <p className="text-sm text-neutral-600">{PITR_PAGE_DESCRIPTION}</p>
      </div>
      {body}
    </PageContainer>
  )
}

function PitrRestoreForm({ project, status, onOpen }: { project: Project; status: PitrStatus; onOpen: () => void }) {
  const earliest = new Date(status.earliest_recovery_time ?? 0)
  const { can: canRestore } = useCan(PermissionAction.UPDATE, PermissionResource.BACKUPS, {
    orgSlug: project.organization_slug,
  })
  const [value, setValue] = useState(() => toDateTimeLocalValue(new Date()))
  const [confirming, setConfirming] = useState<Date | null>(null)
  const restore = usePitrRestoreMutation({
    onSuccess: () => setConfirming(null),
    onError: (error) => toast.error(PITR_RESTORE_FAILED(getErrorMessage(error))),
  })
  const target = parseDateTimeLocal(value)
  // the window's end is "now", which moves on while the page is open
  const valid = target !== null && isWithinWindow(target, earliest, new Date())

  return (
    <div className="space-y-6">
      <section aria-labelledby="pitr-window-title" className="space-y-3">
        <h2 id="pitr-window-title" className="text-base font-semibold text-neutral-900">
          {PITR_WINDOW_TITLE}
        </h2>
        <DetailList
          className="grid sm:grid-cols-2"
          testIdPrefix="pitr-"
          details={[
            { label: PITR_EARLIEST_LABEL, value: formatLocalInstant(earliest), testId: 'earliest' },
            { label: PITR_LATEST_LABEL, value: PITR_LATEST_NOW, testId: 'latest' },
          ]}
        />
      </section>
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          onOpen()
          if (target && valid) setConfirming(target)
        }}
      >
        <Input
          type="datetime-local"
          step={1}
          label={PITR_TARGET_LABEL}
          description={PITR_TIME_ZONE_NOTE(browserTimeZone())}
          value={value}
          min={toDateTimeLocalValue(earliest)}
          max={toDateTimeLocalValue(new Date())}
          onChange={(event) => setValue(event.target.value)}
          error={target !== null && !valid ? PITR_OUTSIDE_WINDOW : undefined}
          data-testid="pitr-target"
        />
        <Button
          type="submit"
          variant="danger"
          disabled={!canRestore || !valid}
          title={canRestore ? undefined : MANAGE_BACKUPS_DENIED}
          data-testid="pitr-start"
        >
          {PITR_START_LABEL}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null)
        }}
        title={confirming ? PITR_CONFIRM_TITLE(formatLocalInstant(confirming)) : ''}
        description={confirming ? PITR_CONFIRM_DESCRIPTION(formatUtcInstant(confirming)) : ''}
        confirmLabel={PITR_CONFIRM_LABEL}
        variant="danger"
        loading={restore.isPending}
        onConfirm={() => {
          if (confirming) restore.mutate({ ref: project.ref, recoveryTimeTargetUnix: toUnixSeconds(confirming) })
        }}
        data-testid="pitr-confirm-dialog"
      />
    </div>
  )
}

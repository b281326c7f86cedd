import type { Project } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectRestoreMutation } from '../../../data/projects/project-restore-mutation'
import { useProjectRestoreVersionsQuery } from '../../../data/projects/project-restore-versions-query'
import { isFlagOn, useFlag } from '../../../lib/use-flag'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Select } from '../../ui/Select'
import { Skeleton } from '../../ui/Skeleton'
import { RETRY_LABEL } from '../../ui/ui.constants'
import {
  CANCEL_LABEL,
  CONFIRM_RESTORE_LABEL,
  NO_RESTORE_VERSIONS,
  POSTGRES_VERSION_DESCRIPTION,
  POSTGRES_VERSION_LABEL,
  RESTORE_DIALOG_DESCRIPTION,
  RESTORE_DIALOG_TITLE,
  RESTORE_FAILED_MESSAGE,
  RESTORE_PROJECT_REQUIRED_MESSAGE,
  RESTORE_VERSIONS_LOAD_FAILED,
  RESTORING_TOAST,
} from './paused-state.constants'
import { buildRestoreBody, getVersionOptions, isVersionSelectDisabled, resolveVersionKey } from './paused-state.utils'

/** Postgres version (unless the flag hides the choice), Cancel and Confirm restore. */
export function RestoreProjectDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  project: Project | undefined
}) {
  const selectionHidden = isFlagOn(useFlag('disableProjectVersionSelection'))
  const versionsQuery = useProjectRestoreVersionsQuery(
    { ref: project?.ref },
    { enabled: open && !selectionHidden, staleTime: 0 },
  )
  const [selectedKey, setSelectedKey] = useState('')
  const versions = versionsQuery.data?.available_versions ?? []
  const currentKey = resolveVersionKey(versions, selectedKey)

  const restore = useProjectRestoreMutation({
    onSuccess: () => {
      toast.success(RESTORING_TOAST)
      onOpenChange(false)
    },
    onError: (error) => toast.error(RESTORE_FAILED_MESSAGE(getErrorMessage(error))),
  })

  const handleConfirm = () => {
    if (!project) {
      toast.error(RESTORE_PROJECT_REQUIRED_MESSAGE)
      return
    }
    restore.mutate({ ref: project.ref, body: buildRestoreBody({ selectionHidden, versions, selectedKey }) })
  }

  const versionsReady = selectionHidden || (versionsQuery.isSuccess && versions.length > 0)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!restore.isPending) onOpenChange(next)
      }}
      title={RESTORE_DIALOG_TITLE}
      description={RESTORE_DIALOG_DESCRIPTION}
      data-testid="restore-project-dialog"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)} disabled={restore.isPending}>
            {CANCEL_LABEL}
          </Button>
          <Button variant="primary" onClick={handleConfirm} loading={restore.isPending} disabled={!versionsReady}>
            {CONFIRM_RESTORE_LABEL}
          </Button>
        </>
      }
    >
      {selectionHidden ? null : versionsQuery.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading Postgres versions</span>
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9" />
        </div>
      ) : versionsQuery.isError ? (
        <Alert tone="error" title={RESTORE_VERSIONS_LOAD_FAILED}>
          <p>{getErrorMessage(versionsQuery.error)}</p>
          <Button size="sm" className="mt-2" onClick={() => void versionsQuery.refetch()}>
            {RETRY_LABEL}
          </Button>
        </Alert>
      ) : versions.length === 0 ? (
        <Alert tone="warning">{NO_RESTORE_VERSIONS}</Alert>
      ) : (
        <Select
          label={POSTGRES_VERSION_LABEL}
          description={POSTGRES_VERSION_DESCRIPTION}
          options={getVersionOptions(versions)}
          value={currentKey}
          onChange={(event) => setSelectedKey(event.target.value)}
          disabled={isVersionSelectDisabled(versions) || restore.isPending}
          data-testid="restore-version-select"
        />
      )}
    </Dialog>
  )
}

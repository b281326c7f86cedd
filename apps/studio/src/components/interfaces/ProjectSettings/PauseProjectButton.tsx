import type { Project } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useProjectPauseMutation } from '../../../data/projects/project-pause-mutation'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { OperationButton } from './OperationButton'
import {
  PAUSE_CONFIRM_DESCRIPTION,
  PAUSE_CONFIRM_LABEL,
  PAUSE_CONFIRM_TITLE,
  PAUSE_FAILED_MESSAGE,
  PAUSE_STARTED_TOAST,
  PAUSE_TITLE,
} from './project-settings.constants'

/**
 * Pause, after a confirmation. The dialog shows the request in progress and stays open when it fails, so the
 * user sees the error and can try again; once the pause has started, the pausing screen takes over.
 */
export function PauseProjectButton({
  project,
  canOperate,
  allowedInStatus,
}: {
  project: Project
  canOperate: boolean
  allowedInStatus: boolean
}) {
  const [open, setOpen] = useState(false)
  const pause = useProjectPauseMutation({
    onSuccess: () => {
      toast.success(PAUSE_STARTED_TOAST)
      setOpen(false)
    },
    onError: (error) => toast.error(PAUSE_FAILED_MESSAGE(getErrorMessage(error))),
  })
  return (
    <>
      <OperationButton
        label={PAUSE_TITLE}
        allowedInStatus={allowedInStatus}
        project={project}
        canOperate={canOperate}
        onClick={() => setOpen(true)}
        testId="pause-project-button"
      />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={PAUSE_CONFIRM_TITLE}
        description={PAUSE_CONFIRM_DESCRIPTION}
        confirmLabel={PAUSE_CONFIRM_LABEL}
        variant="danger"
        loading={pause.isPending}
        onConfirm={() => pause.mutate({ ref: project.ref })}
        data-testid="pause-project-dialog"
      />
    </>
  )
}

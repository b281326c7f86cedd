import type { Project } from '@pgfleet/contracts'
import { type FormEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { useBranchesQuery } from '../../../data/branches/branches-query'
import { useExitFeedbackMutation } from '../../../data/feedback/exit-feedback-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganization } from '../../../data/organizations/organizations-query'
import { useProjectDeleteMutation } from '../../../data/projects/project-delete-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import { Textarea } from '../../ui/Textarea'
import {
  CANCEL_LABEL,
  CONFIRM_DELETE_LABEL,
  CONFIRM_NAME_HINT,
  CONFIRM_NAME_LABEL,
  DELETE_DIALOG_DESCRIPTION,
  DELETE_DIALOG_TITLE,
  DELETE_FAILED_MESSAGE,
  DELETE_SUCCESS_MESSAGE,
  DELETES_BRANCHES_TOO,
  EXIT_REASONS,
  FEEDBACK_FAILED_MESSAGE,
  FEEDBACK_LABEL,
  FEEDBACK_MAX_LENGTH,
  REASONS_LEGEND,
} from './project-deletion.constants'
import {
  buildExitFeedback,
  type DeletionErrors,
  hasDeletionErrors,
  requiresExitFeedback,
  toggleReason,
  validateProjectDeletion,
} from './project-deletion.utils'

/**
 * 'Confirm deletion of X': type the name; paid plans also say why. Deletes, sends the exit feedback (paid plans),
 * then goes to /projects.
 */
export function DeleteProjectDialog({
  open,
  onOpenChange,
  project,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  project: Project
}) {
  const navigate = useNavigate()
  const reasonsErrorId = useId()
  const { organization, isPending: organizationPending } = useOrganization(project.organization_slug)
  const requiresReasons = requiresExitFeedback(organization?.plan.id)
  const [typedName, setTypedName] = useState('')
  const [reasons, setReasons] = useState<string[]>([])
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<DeletionErrors>({})
  const deletion = useProjectDeleteMutation()
  // a parent's preview branches are deleted with it: the dialog names them before the user confirms
  const branches = useBranchesQuery({ ref: project.ref }, { enabled: open })
  const branchNames = (branches.data ?? []).map((branch) => branch.name)
  const feedback = useExitFeedbackMutation()
  const busy = deletion.isPending || feedback.isPending

  const handleOpenChange = (next: boolean) => {
    if (busy) return
    if (!next) {
      setTypedName('')
      setReasons([])
      setMessage('')
      setErrors({})
    }
    onOpenChange(next)
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateProjectDeletion({ typedName, projectName: project.name, reasons, requiresReasons })
    setErrors(found)
    if (hasDeletionErrors(found)) return

    try {
      await deletion.mutateAsync({ ref: project.ref, deleteBranches: branchNames.length > 0 })
    } catch (error) {
      toast.error(DELETE_FAILED_MESSAGE(getErrorMessage(error)))
      return
    }
    if (requiresReasons) {
      try {
        await feedback.mutateAsync(buildExitFeedback({ project, reasons, message }))
      } catch (error) {
        // the project is gone either way; the feedback is a courtesy
        toast.warning(FEEDBACK_FAILED_MESSAGE(getErrorMessage(error)))
      }
    }
    toast.success(DELETE_SUCCESS_MESSAGE(project.name))
    onOpenChange(false)
    void navigate('/projects')
  }

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={DELETE_DIALOG_TITLE(project.name)}
      description={DELETE_DIALOG_DESCRIPTION}
      data-testid="delete-project-dialog"
    >
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-5" noValidate>
        {branchNames.length > 0 && (
          <Alert tone="warning" data-testid="delete-project-branches">
            {DELETES_BRANCHES_TOO(branchNames)}
          </Alert>
        )}
        {requiresReasons && (
          <fieldset
            className="space-y-2"
            aria-describedby={errors.reasons ? reasonsErrorId : undefined}
            data-testid="delete-project-reasons"
          >
            <legend className="mb-2 text-sm font-medium text-neutral-800">{REASONS_LEGEND}</legend>
            {EXIT_REASONS.map((reason) => (
              <Checkbox
                key={reason}
                label={reason}
                checked={reasons.includes(reason)}
                disabled={busy}
                onChange={(event) => {
                  setReasons((current) => toggleReason(current, reason, event.target.checked, EXIT_REASONS))
                  setErrors((current) => ({ ...current, reasons: undefined }))
                }}
              />
            ))}
            {errors.reasons && (
              <p id={reasonsErrorId} role="alert" className="text-xs text-red-600">
                {errors.reasons}
              </p>
            )}
          </fieldset>
        )}

        {requiresReasons && (
          <Textarea
            label={FEEDBACK_LABEL}
            value={message}
            rows={3}
            maxLength={FEEDBACK_MAX_LENGTH}
            disabled={busy}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}

        <Input
          label={CONFIRM_NAME_LABEL}
          description={CONFIRM_NAME_HINT(project.name)}
          value={typedName}
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          error={errors.name}
          onChange={(event) => {
            setTypedName(event.target.value)
            setErrors((current) => ({ ...current, name: undefined }))
          }}
          data-testid="delete-project-name-input"
        />

        <div className="flex justify-end gap-2">
          <Button onClick={() => handleOpenChange(false)} disabled={busy}>
            {CANCEL_LABEL}
          </Button>
          <Button type="submit" variant="danger" loading={busy} disabled={organizationPending}>
            {CONFIRM_DELETE_LABEL}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

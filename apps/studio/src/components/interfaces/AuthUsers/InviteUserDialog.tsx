import { useState } from 'react'
import { toast } from 'sonner'
import { useAuthUserEmailMutation } from '../../../data/auth-users/user-email-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import {
  EMAIL_FAILED,
  EMAIL_LABEL,
  EMAIL_REQUIRED,
  INVITE_DESCRIPTION,
  INVITE_LABEL,
  INVITE_TITLE,
} from './auth-users.constants'

const FORM_ID = 'invite-auth-user-form'

/** Invites an address by email; without SMTP the server says so and no user is made. */
export function InviteUserDialog({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [problem, setProblem] = useState<string>()
  const invite = useAuthUserEmailMutation({
    onSuccess: (answer) => {
      toast.success(answer.message)
      onClose()
    },
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !invite.isPending && onClose()}
      title={INVITE_TITLE}
      description={INVITE_DESCRIPTION}
      data-testid="invite-user-dialog"
      footer={
        <>
          <Button onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant="primary"
            loading={invite.isPending}
            data-testid="invite-user-submit"
          >
            {INVITE_LABEL}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (email.trim() === '') {
            setProblem(EMAIL_REQUIRED)
            return
          }
          setProblem(undefined)
          invite.mutate({ ref: projectRef, kind: 'invite', email: email.trim() })
        }}
      >
        <Input
          label={EMAIL_LABEL}
          type="email"
          autoComplete="off"
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="invite-user-email"
        />
        {invite.isError && (
          <Alert tone="error" data-testid="invite-user-error">
            {EMAIL_FAILED(getErrorMessage(invite.error))}
          </Alert>
        )}
      </form>
    </Dialog>
  )
}

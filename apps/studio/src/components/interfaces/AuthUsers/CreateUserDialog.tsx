import { useState } from 'react'
import { toast } from 'sonner'
import { useAuthUserCreateMutation } from '../../../data/auth-users/user-create-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import {
  AUTO_CONFIRM_DESCRIPTION,
  AUTO_CONFIRM_LABEL,
  CREATE_FAILED,
  CREATE_LABEL,
  CREATE_USER_DESCRIPTION,
  CREATE_USER_TITLE,
  EMAIL_LABEL,
  EMAIL_REQUIRED,
  PASSWORD_LABEL,
  PASSWORD_REQUIRED,
  USER_CREATED,
} from './auth-users.constants'

const FORM_ID = 'create-auth-user-form'

/** A new user with an email address and a password; the server's reason shows when it refuses. */
export function CreateUserDialog({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [autoConfirm, setAutoConfirm] = useState(true)
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({})
  const create = useAuthUserCreateMutation({
    onSuccess: (user) => {
      toast.success(USER_CREATED(user.email || email))
      onClose()
    },
  })

  const submit = () => {
    const found = {
      ...(email.trim() === '' ? { email: EMAIL_REQUIRED } : {}),
      ...(password === '' ? { password: PASSWORD_REQUIRED } : {}),
    }
    setProblems(found)
    if (Object.keys(found).length > 0) return
    create.mutate({ ref: projectRef, user: { email: email.trim(), password, auto_confirm: autoConfirm } })
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title={CREATE_USER_TITLE}
      description={CREATE_USER_DESCRIPTION}
      data-testid="create-user-dialog"
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant="primary"
            loading={create.isPending}
            data-testid="create-user-submit"
          >
            {CREATE_LABEL}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Input
          label={EMAIL_LABEL}
          type="email"
          autoComplete="off"
          value={email}
          error={problems.email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="create-user-email"
        />
        <Input
          label={PASSWORD_LABEL}
          type="password"
          autoComplete="new-password"
          value={password}
          error={problems.password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="create-user-password"
        />
        <Checkbox
          label={AUTO_CONFIRM_LABEL}
          description={AUTO_CONFIRM_DESCRIPTION}
          checked={autoConfirm}
          onChange={(event) => setAutoConfirm(event.target.checked)}
          data-testid="create-user-auto-confirm"
        />
        {create.isError && (
          <Alert tone="error" data-testid="create-user-error">
            {CREATE_FAILED(getErrorMessage(create.error))}
          </Alert>
        )}
      </form>
    </Dialog>
  )
}

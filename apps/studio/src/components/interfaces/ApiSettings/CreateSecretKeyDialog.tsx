import { CreateApiKeyBody } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useApiKeyCreateMutation } from '../../../data/api-keys/api-key-create-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { CodeBlock } from '../../ui/CodeBlock'
import { Dialog } from '../../ui/Dialog'
import { Input } from '../../ui/Input'
import { Tooltip } from '../../ui/Tooltip'
import {
  CREATE_SECRET_KEY_CONFIRM,
  CREATE_SECRET_KEY_DESCRIPTION,
  CREATE_SECRET_KEY_FAILED,
  CREATE_SECRET_KEY_LABEL,
  CREATE_SECRET_KEY_TITLE,
  CREATED_KEY_CLOSE_LABEL,
  MANAGE_KEYS_PERMISSION_TOOLTIP,
  SECRET_KEY_CREATED_TOAST,
  SECRET_KEY_DESCRIPTION_LABEL,
  SECRET_KEY_NAME_DESCRIPTION,
  SECRET_KEY_NAME_LABEL,
} from './api-settings.constants'

/** Creates a named secret key; the new key's value is shown once in the dialog, ready to copy. */
export function CreateSecretKeyDialog({ projectRef, canManage }: { projectRef: string; canManage: boolean }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [nameError, setNameError] = useState<string>()
  const [created, setCreated] = useState<string | null>(null)
  const create = useApiKeyCreateMutation({
    onSuccess: (key) => {
      setCreated(key.api_key)
      toast.success(SECRET_KEY_CREATED_TOAST(key.name))
    },
    onError: (error) => setNameError(`${CREATE_SECRET_KEY_FAILED}: ${getErrorMessage(error)}`),
  })

  const close = (next: boolean) => {
    if (create.isPending) return
    setOpen(next)
    if (!next) {
      setName('')
      setDescription('')
      setNameError(undefined)
      setCreated(null)
    }
  }

  const submit = () => {
    const parsed = CreateApiKeyBody.safeParse({ type: 'secret', name, description })
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message)
      return
    }
    create.mutate({ ref: projectRef, ...parsed.data })
  }

  return (
    <>
      <Tooltip content={canManage ? undefined : MANAGE_KEYS_PERMISSION_TOOLTIP} wrapDisabled>
        <Button disabled={!canManage} onClick={() => setOpen(true)} data-testid="create-secret-key-button">
          {CREATE_SECRET_KEY_LABEL}
        </Button>
      </Tooltip>
      <Dialog
        open={open}
        onOpenChange={close}
        title={CREATE_SECRET_KEY_TITLE}
        description={CREATE_SECRET_KEY_DESCRIPTION}
        data-testid="create-secret-key-dialog"
        footer={
          created ? (
            <Button onClick={() => close(false)}>{CREATED_KEY_CLOSE_LABEL}</Button>
          ) : (
            <>
              <Button onClick={() => close(false)} disabled={create.isPending}>
                Cancel
              </Button>
              <Button
                variant="primary"
                onClick={submit}
                loading={create.isPending}
                data-testid="create-secret-key-confirm"
              >
                {CREATE_SECRET_KEY_CONFIRM}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <CodeBlock value={created} label={name} data-testid="created-secret-key" />
        ) : (
          <div className="space-y-4">
            <Input
              label={SECRET_KEY_NAME_LABEL}
              description={SECRET_KEY_NAME_DESCRIPTION}
              value={name}
              autoComplete="off"
              error={nameError}
              onChange={(event) => {
                setName(event.target.value)
                setNameError(undefined)
              }}
              data-testid="secret-key-name-input"
            />
            <Input
              label={SECRET_KEY_DESCRIPTION_LABEL}
              value={description}
              autoComplete="off"
              onChange={(event) => setDescription(event.target.value)}
              data-testid="secret-key-description-input"
            />
            {create.isError && !nameError && <Alert tone="error">{getErrorMessage(create.error)}</Alert>}
          </div>
        )}
      </Dialog>
    </>
  )
}

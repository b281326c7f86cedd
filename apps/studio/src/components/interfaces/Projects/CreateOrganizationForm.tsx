import { CreateOrganizationBody } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useOrganizationCreateMutation } from '../../../data/organizations/organization-create-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'

export function CreateOrganizationForm() {
  const [name, setName] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const { mutate, isPending, error, reset } = useOrganizationCreateMutation({
    onSuccess: (organization) => toast.success(`Created organization ${organization.name}`),
  })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = CreateOrganizationBody.safeParse({ name })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message)
      return
    }
    setFieldError(undefined)
    mutate(parsed.data)
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-4 flex max-w-md flex-col gap-3">
      <Input
        label="Organization name"
        value={name}
        onChange={(event) => {
          setName(event.target.value)
          reset()
        }}
        error={fieldError}
        required
      />
      {error && <Alert tone="error">{getErrorMessage(error)}</Alert>}
      <div>
        <Button type="submit" variant="primary" loading={isPending}>
          Create organization
        </Button>
      </div>
    </form>
  )
}

import { AddInstanceAdminBody } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { getErrorMessage } from '../../../data/fetcher'
import { useInstanceAdminAddMutation } from '../../../data/instance-admins/instance-admin-add-mutation'
import { useInstanceAdminRemoveMutation } from '../../../data/instance-admins/instance-admin-remove-mutation'
import { useInstanceAdminsQuery } from '../../../data/instance-admins/instance-admins-query'
import { useProfileQuery } from '../../../data/profile/profile-query'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import {
  ADD_INSTANCE_ADMIN_LABEL,
  CONFIGURED_ADMIN_NOTE,
  INSTANCE_ADMIN_ACTION_FAILED,
  INSTANCE_ADMIN_ADDED,
  INSTANCE_ADMIN_EMAIL_LABEL,
  INSTANCE_ADMIN_REMOVED,
  INSTANCE_ADMINS_DESCRIPTION,
  INSTANCE_ADMINS_TITLE,
  REMOVE_INSTANCE_ADMIN_LABEL,
} from './instance-admins.constants'

/** Instance administrators list and name each other here; nobody else sees the section. */
export function InstanceAdminsSection() {
  const profile = useProfileQuery()
  const isAdmin = profile.data?.instance_admin === true
  const admins = useInstanceAdminsQuery({ enabled: isAdmin })
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string>()
  const add = useInstanceAdminAddMutation({
    onSuccess: (admin) => {
      toast.success(INSTANCE_ADMIN_ADDED(admin.email))
      setEmail('')
    },
  })
  const remove = useInstanceAdminRemoveMutation({
    onSuccess: () => toast.success(INSTANCE_ADMIN_REMOVED),
    onError: (error) => toast.error(INSTANCE_ADMIN_ACTION_FAILED(getErrorMessage(error))),
  })
  if (!isAdmin) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = AddInstanceAdminBody.safeParse({ email })
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message)
      return
    }
    setEmailError(undefined)
    add.mutate(parsed.data)
  }

  return (
    <section
      aria-labelledby="instance-admins-title"
      className="mx-auto mt-10 max-w-3xl space-y-4"
      data-testid="instance-admins"
    >
      <div>
        <h2 id="instance-admins-title" className="text-base font-semibold text-neutral-900">
          {INSTANCE_ADMINS_TITLE}
        </h2>
        <p className="mt-1 text-sm text-neutral-600">{INSTANCE_ADMINS_DESCRIPTION}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
        <Input
          label={INSTANCE_ADMIN_EMAIL_LABEL}
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            setEmailError(undefined)
          }}
          error={emailError}
          fieldClassName="min-w-64 flex-1"
          autoComplete="off"
        />
        <Button type="submit" variant="primary" loading={add.isPending} className="sm:mt-6.5">
          {ADD_INSTANCE_ADMIN_LABEL}
        </Button>
      </form>
      {add.error && <Alert tone="error">{INSTANCE_ADMIN_ACTION_FAILED(getErrorMessage(add.error))}</Alert>}
      <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white shadow-xs">
        {(admins.data ?? []).map((admin) => (
          <li
            key={admin.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            data-testid="instance-admin-row"
          >
            <div>
              <p className="text-sm font-medium text-neutral-900">{admin.email}</p>
              {admin.configured && <p className="text-xs text-neutral-500">{CONFIGURED_ADMIN_NOTE}</p>}
            </div>
            {admin.id !== profile.data?.id && (
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending && remove.variables?.userId === admin.id}
                onClick={() => remove.mutate({ userId: admin.id })}
              >
                {REMOVE_INSTANCE_ADMIN_LABEL}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

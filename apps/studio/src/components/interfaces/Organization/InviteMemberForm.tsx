import { AddMemberBody, type AddMemberResponse, ROLE_NAMES, type RoleName } from '@pgfleet/contracts'
import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../../data/fetcher'
import { useMemberAddMutation } from '../../../data/organizations/member-add-mutation'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Input } from '../../ui/Input'
import { Select } from '../../ui/Select'
import { Tooltip } from '../../ui/Tooltip'
import {
  DEFAULT_INVITE_ROLE,
  INVITATION_RECORDED_DESCRIPTION,
  INVITATION_RECORDED_TITLE,
  INVITE_BUTTON_LABEL,
  INVITE_EMAIL_LABEL,
  INVITE_FAILED_TITLE,
  INVITE_ROLE_LABEL,
  INVITE_SECTION_TITLE,
  MEMBER_ADDED_DESCRIPTION,
  MEMBER_ADDED_TITLE,
  NO_MEMBER_PERMISSION_TOOLTIP,
} from './organization.constants'

function describeResult(answer: AddMemberResponse) {
  return answer.kind === 'member'
    ? { title: MEMBER_ADDED_TITLE, description: MEMBER_ADDED_DESCRIPTION(answer.member.primary_email) }
    : { title: INVITATION_RECORDED_TITLE, description: INVITATION_RECORDED_DESCRIPTION(answer.invitation.email) }
}

export function InviteMemberForm({ slug, canInvite }: { slug: string; canInvite: boolean }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<RoleName>(DEFAULT_INVITE_ROLE)
  const [emailError, setEmailError] = useState<string>()
  const addMember = useMemberAddMutation({ onSuccess: () => setEmail('') })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = AddMemberBody.safeParse({ email: email.trim(), role_name: role })
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message)
      return
    }
    setEmailError(undefined)
    addMember.mutate({ slug, email: parsed.data.email, roleName: parsed.data.role_name })
  }

  const result = addMember.data ? describeResult(addMember.data) : undefined

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="invite-member-title"
      className="space-y-4 rounded-lg border border-neutral-200 bg-white p-5 shadow-xs"
      data-testid="invite-member-form"
    >
      <h3 id="invite-member-title" className="text-sm font-semibold text-neutral-900">
        {INVITE_SECTION_TITLE}
      </h3>
      <fieldset disabled={!canInvite} className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Input
          label={INVITE_EMAIL_LABEL}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            setEmailError(undefined)
          }}
          error={emailError}
        />
        <Select
          label={INVITE_ROLE_LABEL}
          value={role}
          onChange={(event) => setRole(event.target.value as RoleName)}
          options={ROLE_NAMES.map((value) => ({ value, label: value }))}
        />
      </fieldset>
      {addMember.error && (
        <Alert tone="error" title={INVITE_FAILED_TITLE}>
          {getErrorMessage(addMember.error)}
        </Alert>
      )}
      {result && !addMember.error && (
        <Alert tone="success" title={result.title} data-testid="invite-result">
          {result.description}
        </Alert>
      )}
      <div className="flex justify-end">
        <Tooltip content={canInvite ? undefined : NO_MEMBER_PERMISSION_TOOLTIP} wrapDisabled>
          <Button type="submit" variant="primary" disabled={!canInvite} loading={addMember.isPending}>
            {INVITE_BUTTON_LABEL}
          </Button>
        </Tooltip>
      </div>
    </form>
  )
}

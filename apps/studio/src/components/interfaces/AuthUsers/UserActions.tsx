import type { AuthUserDetailsResponse } from '@pgfleet/contracts'
import { useState } from 'react'
import { toast } from 'sonner'
import { useAuthUserBanMutation } from '../../../data/auth-users/user-ban-mutation'
import { useAuthUserDeleteMutation } from '../../../data/auth-users/user-delete-mutation'
import { useAuthUserEmailMutation } from '../../../data/auth-users/user-email-mutation'
import { useAuthUserSessionsDeleteMutation } from '../../../data/auth-users/user-sessions-delete-mutation'
import { getErrorMessage } from '../../../data/fetcher'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Section } from '../../ui/Section'
import { Select } from '../../ui/Select'
import {
  ACTIONS_TITLE,
  BAN_DESCRIPTION,
  BAN_DURATION_LABEL,
  BAN_DURATIONS,
  BAN_FAILED,
  BAN_LABEL,
  BAN_TITLE,
  DANGER_TITLE,
  DELETE_DESCRIPTION,
  DELETE_FAILED,
  DELETE_LABEL,
  DELETE_TITLE,
  EMAIL_FAILED,
  SEND_MAGIC_LINK_LABEL,
  SEND_RECOVERY_LABEL,
  SIGN_OUT_DESCRIPTION,
  SIGN_OUT_LABEL,
  SIGN_OUT_TITLE,
  SIGNED_OUT_FAILED,
  UNBAN_LABEL,
  USER_BANNED,
  USER_DELETED,
  USER_UNBANNED,
} from './auth-users.constants'
import { isBanned, userLabel } from './auth-users.utils'

type Confirming = 'sign-out' | 'ban' | 'delete' | null

/** What a member with update on auth may do to one user; each change is confirmed first. */
export function UserActions({
  projectRef,
  details,
  onDeleted,
}: {
  projectRef: string
  details: AuthUserDetailsResponse
  onDeleted: () => void
}) {
  const { user } = details
  const label = userLabel(user)
  const banned = isBanned(user.banned_until)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [banDuration, setBanDuration] = useState<string>(BAN_DURATIONS[1].value)
  const close = () => setConfirming(null)

  const email = useAuthUserEmailMutation({
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(EMAIL_FAILED(getErrorMessage(error))),
  })
  const signOut = useAuthUserSessionsDeleteMutation({
    onSuccess: (answer) => {
      toast.success(answer.message)
      close()
    },
    onError: (error) => toast.error(SIGNED_OUT_FAILED(getErrorMessage(error))),
  })
  const ban = useAuthUserBanMutation({
    onSuccess: (_user, variables) => {
      toast.success(variables.banDuration === 'none' ? USER_UNBANNED(label) : USER_BANNED(label))
      close()
    },
    onError: (error) => toast.error(BAN_FAILED(getErrorMessage(error))),
  })
  const remove = useAuthUserDeleteMutation({
    onSuccess: () => {
      toast.success(USER_DELETED(label))
      onDeleted()
    },
    onError: (error) => toast.error(DELETE_FAILED(getErrorMessage(error))),
  })

  return (
    <>
      <Section titleId="user-actions-title" title={ACTIONS_TITLE}>
        <div className="flex flex-wrap gap-2">
          {user.email && (
            <>
              <Button
                size="sm"
                loading={email.isPending && email.variables?.kind === 'magiclink'}
                disabled={email.isPending}
                onClick={() => email.mutate({ ref: projectRef, kind: 'magiclink', email: user.email })}
                data-testid="user-send-magic-link"
              >
                {SEND_MAGIC_LINK_LABEL}
              </Button>
              <Button
                size="sm"
                loading={email.isPending && email.variables?.kind === 'recover'}
                disabled={email.isPending}
                onClick={() => email.mutate({ ref: projectRef, kind: 'recover', email: user.email })}
                data-testid="user-send-recovery"
              >
                {SEND_RECOVERY_LABEL}
              </Button>
            </>
          )}
          <Button size="sm" onClick={() => setConfirming('sign-out')} data-testid="user-sign-out">
            {SIGN_OUT_LABEL}
          </Button>
        </div>
      </Section>
      <Section titleId="user-danger-title" title={DANGER_TITLE}>
        <div className="flex flex-wrap gap-2">
          {banned ? (
            <Button
              size="sm"
              loading={ban.isPending}
              onClick={() => ban.mutate({ ref: projectRef, id: user.id, banDuration: 'none' })}
              data-testid="user-unban"
            >
              {UNBAN_LABEL}
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => setConfirming('ban')} data-testid="user-ban">
              {BAN_LABEL}
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => setConfirming('delete')} data-testid="user-delete">
            {DELETE_LABEL}
          </Button>
        </div>
      </Section>
      <ConfirmDialog
        open={confirming === 'sign-out'}
        onOpenChange={(open) => !open && close()}
        title={SIGN_OUT_TITLE}
        description={SIGN_OUT_DESCRIPTION}
        confirmLabel={SIGN_OUT_LABEL}
        loading={signOut.isPending}
        onConfirm={() => signOut.mutate({ ref: projectRef, id: user.id })}
        data-testid="sign-out-user-dialog"
      />
      <ConfirmDialog
        open={confirming === 'ban'}
        onOpenChange={(open) => !open && close()}
        title={BAN_TITLE}
        description={BAN_DESCRIPTION}
        confirmLabel={BAN_LABEL}
        variant="danger"
        loading={ban.isPending}
        onConfirm={() => ban.mutate({ ref: projectRef, id: user.id, banDuration })}
        data-testid="ban-user-dialog"
      >
        <Select
          label={BAN_DURATION_LABEL}
          options={BAN_DURATIONS}
          value={banDuration}
          onChange={(event) => setBanDuration(event.target.value)}
          data-testid="ban-duration"
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={DELETE_TITLE}
        description={DELETE_DESCRIPTION}
        confirmLabel={DELETE_LABEL}
        variant="danger"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ ref: projectRef, id: user.id })}
        data-testid="delete-user-dialog"
      />
    </>
  )
}

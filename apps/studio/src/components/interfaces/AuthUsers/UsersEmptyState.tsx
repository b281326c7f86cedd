import { Button } from '../../ui/Button'
import {
  CREATE_USER_LABEL,
  INVITE_USER_LABEL,
  NO_USERS_DESCRIPTION,
  NO_USERS_READ_ONLY,
  NO_USERS_TITLE,
} from './auth-users.constants'

/** A project without users: what brings them, and the way to make the first one. */
export function UsersEmptyState({
  canWrite,
  onCreate,
  onInvite,
}: {
  canWrite: boolean
  onCreate: () => void
  onInvite: () => void
}) {
  return (
    <div className="rounded-lg border border-dashed border-neutral-300 px-6 py-12 text-center" data-testid="no-users">
      <p className="text-base font-semibold text-neutral-900">{NO_USERS_TITLE}</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-neutral-600">
        {canWrite ? NO_USERS_DESCRIPTION : NO_USERS_READ_ONLY}
      </p>
      {canWrite && (
        <div className="mt-5 flex justify-center gap-2">
          <Button onClick={onInvite}>{INVITE_USER_LABEL}</Button>
          <Button variant="primary" onClick={onCreate} data-testid="empty-create-user">
            {CREATE_USER_LABEL}
          </Button>
        </div>
      )}
    </div>
  )
}
